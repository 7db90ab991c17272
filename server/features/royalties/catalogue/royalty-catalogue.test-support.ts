import crypto from "node:crypto";
import { payees, releases, tracks } from "@shared/royalties.table";
import type { TestApp } from "../../../test/app-harness";

/** A fresh valid UPC-A: 11 random digits and their GS1 check digit. */
export function makeUpc(): string {
  const digits = [...crypto.randomBytes(11)].map((byte) => byte % 10);
  const sum = [...digits].reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return [...digits, (10 - (sum % 10)) % 10].join("");
}

/** A fresh valid ISRC (ZZ is no country's code, so it cannot clash with a real one). */
export function makeIsrc(): string {
  return `ZZT${crypto.randomBytes(2).toString("hex").slice(0, 2).toUpperCase()}26${String(crypto.randomInt(100000)).padStart(5, "0")}`;
}

/** A release with `trackCount` tracks, straight in the database. */
export async function insertRelease(app: TestApp, values: { title?: string; artist?: string } = {}, trackCount = 2) {
  const [release] = await app.db
    .insert(releases)
    .values({ title: values.title ?? "Night Drive", artist: values.artist ?? "Nova Reign", upc: makeUpc() })
    .returning();
  const rows = trackCount
    ? await app.db
        .insert(tracks)
        .values(
          Array.from({ length: trackCount }, (_, position) => ({
            releaseId: release.id,
            title: `Track ${position + 1}`,
            isrc: makeIsrc(),
            position,
          })),
        )
        .returning()
    : [];
  return { release, tracks: rows };
}

export async function insertPayee(app: TestApp, name = "Ada Lovelace") {
  const [payee] = await app.db
    .insert(payees)
    .values({ name, email: `${crypto.randomUUID()}@payee.test` })
    .returning();
  return payee;
}
