import crypto from "node:crypto";
import { and, eq, gt, gte } from "drizzle-orm";
import { rateLimits } from "@shared/rate-limits.table";
import { RELEASE_NOT_FOUND } from "@shared/royalty-catalogue";
import { CODE_NOT_FOUND, CODE_USED } from "@shared/store";
import { HttpError } from "../../lib/http-error";
import { toCsv } from "../../lib/csv";
import { takeCount, waitText } from "../../lib/rate-limit-counters";
import { isUniqueViolation } from "../../lib/pg-errors";
import type { Executor } from "../../db/database";
import { downloadItem } from "./download-links";
import type { PurchaseDeps } from "./purchases.service";
import { writeStoreLine } from "./royalty-lines";
import {
  codesOf,
  findListing,
  findRelease,
  insertCodes,
  insertPurchase,
  lockCode,
  markCodeRedeemed,
} from "./store.repository";

/** No 0/O, 1/I/L: a code read off a card is typed right. 31 letters, 10 of them: about 49 bits. */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 10;
/** Wrong codes one address may try in an hour before it is refused (guessing is then hopeless). */
export const WRONG_CODES_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join("");
}

/** As typed on a card: any case, with spaces or dashes. */
export function normaliseCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, "");
}

export async function createCodes(db: Executor, releaseId: string, input: { count: number; batch: string }) {
  if (!(await findRelease(db, releaseId))) throw HttpError.notFound(RELEASE_NOT_FOUND);
  // A collision among 10^14 codes is all but impossible; should one happen, the batch is made again.
  for (let attempt = 0; ; attempt++) {
    const codes = [...new Set(Array.from({ length: input.count }, newCode))];
    try {
      await insertCodes(db, releaseId, input.batch, codes);
      return { batch: input.batch, codes };
    } catch (error) {
      if (attempt >= 2 || !isUniqueViolation(error, "store_codes_code_unique")) throw error;
    }
  }
}

export function redeemUrl(appUrl: string): string {
  return `${appUrl}/redeem`;
}

export async function codesCsv(db: Executor, appUrl: string, releaseId: string) {
  const release = await findRelease(db, releaseId);
  if (!release) throw HttpError.notFound(RELEASE_NOT_FOUND);
  const rows = await codesOf(db, releaseId);
  return {
    filename: `codes-${release.upc}.csv`,
    body: toCsv(
      ["code", "batch", "redeemed by", "redeemed at", "redeem URL"],
      rows.map((row) => [
        row.code,
        row.batch,
        row.redeemedEmail,
        row.redeemedAt?.toISOString() ?? null,
        redeemUrl(appUrl),
      ]),
    ),
  };
}

async function assertNotLockedOut(db: Executor, key: string) {
  const [held] = await db
    .select({ resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(
      and(eq(rateLimits.key, key), gte(rateLimits.hits, WRONG_CODES_PER_HOUR), gt(rateLimits.resetAt, new Date())),
    );
  if (held) {
    const wait = (held.resetAt.getTime() - Date.now()) / 1000;
    throw HttpError.tooMany(`Too many wrong codes. Try again in ${waitText(wait)}.`, wait);
  }
}

/**
 * Redeems a code once (its row locked, so two people typing it at once get one link and one
 * 409), writes the download right and queues its e-mail in the same transaction. A wrong code
 * counts against the caller's address, in its own committed transaction; ten in an hour: 429.
 */
export async function redeem(deps: PurchaseDeps, input: { code: string; email: string; address: string }) {
  const key = `store-redeem:${input.address}`;
  await assertNotLockedOut(deps.db, key);
  const code = normaliseCode(input.code);
  const email = input.email.toLowerCase();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = code.length === CODE_LENGTH ? await lockCode(tx, code) : null;
    const listing = row ? await findListing(tx, row.releaseId) : null;
    if (!row || !listing?.published) return "wrong" as const;
    if (row.redeemedAt) throw HttpError.conflict(CODE_USED, { code: [CODE_USED] });
    const release = await findRelease(tx, row.releaseId);
    const token = crypto.randomBytes(24).toString("base64url");
    const purchase = await insertPurchase(tx, {
      token,
      releaseId: row.releaseId,
      email,
      amount: "0.00",
      status: "redeemed",
    });
    await markCodeRedeemed(tx, row.id, email);
    await writeStoreLine(tx, { releaseId: row.releaseId, trackId: null }, "0.00", "code");
    await deps.messages.queue(tx, [
      {
        template: "store-downloads",
        recipient: email,
        aboutType: "store_purchase",
        aboutId: purchase.id,
        params: {
          reason: "download",
          items: [
            downloadItem(deps.appUrl, {
              title: release!.title,
              artist: release!.artist,
              token,
              coverUrl: listing.coverUrl,
            }),
          ],
        },
      },
    ]);
    return "redeemed" as const;
  });
  if (outcome === "wrong") {
    const wait = await deps.db.transaction((tx) => takeCount(tx, key, HOUR_MS, WRONG_CODES_PER_HOUR));
    if (wait !== null) throw HttpError.tooMany(`Too many wrong codes. Try again in ${waitText(wait)}.`, wait);
    throw HttpError.notFound(CODE_NOT_FOUND);
  }
  deps.messages.deliverSoon();
  return { message: `Your download link is on its way to ${email}.` };
}
