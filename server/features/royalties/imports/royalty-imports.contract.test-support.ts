import { expect } from "vitest";
import { royaltyImports, royaltyLines, royaltyPeriods } from "@shared/royalties.table";
import type { royaltyImportsContract } from "@shared/royalty-imports";
import type { TestApp } from "../../../test/app-harness";
import type { ContractCases } from "../../../test/contract-harness";
import { insertRelease, multipartBody, sampleReport } from "./royalty-imports.test-support";

const NO_ID = "00000000-0000-4000-8000-000000000000";
const HEADER = sampleReport("distrokid.tsv").toString().split("\n")[0];
/** A one-line DistroKid report of its own (so no other case's file is a duplicate of it). */
const report = (isrc: string, amount: string) =>
  `${HEADER}\n${["2026-06-01", "2026-05", "Spotify", "Contract Artist", "Song", isrc, "", "1", "100", "Song", "US", "0", amount].join("\t")}\n`;
const upload = (file: string) => {
  const { body, contentType } = multipartBody([{ name: "file", value: file, fileName: "contract.tsv" }]);
  return { body, headers: { "Content-Type": contentType } };
};

/** A waiting (unmatched) line with this ISRC, as an import leaves it. */
async function insertWaitingLine(app: TestApp, isrc: string, of: { importId?: string; periodId?: string } = {}) {
  await app.db.insert(royaltyLines).values({
    ...of,
    reportedOn: "2026-06-01",
    isrc,
    title: "Contract Song",
    store: "Spotify",
    currency: "USD",
    amount: "0.5",
    rate: "1",
    converted: "0.5",
  });
}

/** Each royalty import route's answers, for server/contract.test.ts. */
export const royaltyImportsCases: ContractCases<typeof royaltyImportsContract> = {
  async list({ send }) {
    expect(Array.isArray((await send("admin", {}, 200)).body)).toBe(true);
  },
  async get({ app, send }) {
    const [{ id }] = await app.db
      .insert(royaltyImports)
      .values({ fileName: "contract.tsv", format: "distrokid", status: "done", lines: 1, total: "1.000001" })
      .returning();
    expect((await send("admin", { params: { id } }, 200)).body).toMatchObject({ id, status: "done" });
    await send("admin", { params: { id: NO_ID } }, 404);
  },
  async create({ send }) {
    const file = report("QZCTR2600002", "2.5");
    expect((await send("admin", upload(file), 201)).body).toMatchObject({ lines: 1, total: "2.50" });
    await send("admin", upload(file), 409);
    await send("admin", upload("Nothing,We,Know\n1,2,3\n"), 400);
  },
  async remove({ app, send }) {
    const [{ id }] = await app.db
      .insert(royaltyImports)
      .values({ fileName: "contract.tsv", format: "distrokid", status: "done" })
      .returning();
    await send("admin", { params: { id } }, 204);
    await send("admin", { params: { id } }, 404);
    const [claimed] = await app.db
      .insert(royaltyImports)
      .values({ fileName: "claimed.tsv", format: "distrokid", status: "done", lines: 1 })
      .returning();
    const [period] = await app.db
      .insert(royaltyPeriods)
      .values({ start: "2026-06-01", end: "2026-06-30", status: "closed" })
      .returning();
    await insertWaitingLine(app, "QZCTR2600007", { importId: claimed.id, periodId: period.id });
    await send("admin", { params: { id: claimed.id } }, 409);
  },
  async unmatchedLines({ app, send }) {
    await insertWaitingLine(app, "QZCTR2600003");
    const answer = await send("admin", { query: { unmatched: "true" } }, 200);
    expect(answer.body).toEqual(expect.arrayContaining([expect.objectContaining({ isrc: "QZCTR2600003" })]));
    await send("admin", { query: { unmatched: "no" } }, 400);
  },
  async unmatchedCodes({ app, send }) {
    await insertWaitingLine(app, "QZCTR2600004");
    const answer = await send("admin", {}, 200);
    expect(answer.body).toEqual(expect.arrayContaining([expect.objectContaining({ isrc: "QZCTR2600004" })]));
  },
  async assign({ app, send }) {
    const { tracks } = await insertRelease(app, {
      upc: "036000291452",
      title: "Contract Release",
      tracks: [{ isrc: "QZCTR2600090" }],
    });
    await insertWaitingLine(app, "QZCTR2600005");
    const body = { isrc: "QZCTR2600005", trackId: tracks[0].id };
    expect((await send("admin", { body }, 200)).body).toEqual({ matched: 1 });
    await send("admin", { body: { isrc: "QZCTR2600090", trackId: tracks[0].id } }, 409);
    await send("admin", { body: { isrc: "QZCTR2600006", trackId: NO_ID } }, 404);
    await send("admin", { body: { isrc: "bad" } }, 400);
  },
};
