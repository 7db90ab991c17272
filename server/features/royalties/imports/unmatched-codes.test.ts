// The unmatched queue as the Unmatched page reads it: one row per code, the imports' counts
// kept as codes are assigned, and the catalogue found by the words a report's title has.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { royaltyImports } from "@shared/royalties.table";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL } from "../../../test/payments";
import { insertRelease, sampleReport, uploadReport } from "./royalty-imports.test-support";

let app: TestApp;
let admin: Agent;
let paperBoats: string;

const DK_HEADER = sampleReport("distrokid.tsv").toString().split("\n")[0];
const dkLine = (isrc: string, upc: string, amount: string, date = "2026-03-07") =>
  [
    date,
    "2026-01",
    "Spotify",
    "Sample Artist",
    "Paper Boats",
    isrc,
    upc,
    "1",
    "100",
    "Paper Boats",
    "US",
    "0",
    amount,
  ].join("\t");
const dkReport = (...lines: string[]) => [DK_HEADER, ...lines].join("\n") + "\n";

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  admin = await app.signIn(ADMIN_EMAIL);
  const { tracks } = await insertRelease(app, {
    upc: "198765432109",
    title: "Paper Boats",
    tracks: [{ isrc: "QZSMP2699999", title: "Paper Boats (Radio Edit)" }],
  });
  paperBoats = tracks[0].id;
});
afterAll(async () => {
  await app?.close();
});

describe("the unmatched codes", () => {
  it("are one row per code: an ISRC's lines together whatever UPC each carries, with their count and sum", async () => {
    await uploadReport(
      admin,
      dkReport(
        dkLine("QZSMP2600099", "036000291452", "1.25"),
        dkLine("QZSMP2600099", "", "2.50", "2026-03-09"),
        dkLine("QZSMP2600099", "042100005264", "0.005"),
        dkLine("", "4006381333931", "3"),
      ),
    ).expect(201);
    const codes = await admin.get("/api/royalty-lines/unmatched-codes").expect(200);
    expect(codes.body).toEqual([
      expect.objectContaining({ isrc: "QZSMP2600099", upc: null, lines: 3, firstReported: "2026-03-07" }),
      expect.objectContaining({ isrc: null, upc: "4006381333931", lines: 1 }),
    ]);
    expect(Number(codes.body[0].amount)).toBe(3.755);
  });

  it("leave their imports' unmatched counts when assigned, so the imports page says what still waits", async () => {
    const [before] = await app.db.select().from(royaltyImports).where(eq(royaltyImports.unmatched, 4));
    const res = await admin
      .post("/api/royalty-lines/assign")
      .send({ isrc: "QZSMP2600099", trackId: paperBoats })
      .expect(200);
    expect(res.body).toEqual({ matched: 3 });
    const one = await admin.get(`/api/royalty-imports/${before.id}`).expect(200);
    expect(one.body).toMatchObject({ lines: 4, matched: 3, unmatched: 1 });
  });
});

describe("the catalogue's search", () => {
  it("finds a release by every word typed, in any order and any case", async () => {
    const titles = async (q: string) =>
      ((await admin.get("/api/releases").query({ q }).expect(200)).body as { title: string }[]).map((r) => r.title);
    expect(await titles("boats PAPER")).toEqual(["Paper Boats"]);
    expect(await titles("  radio   sample ")).toEqual(["Paper Boats"]);
    expect(await titles("paper ships")).toEqual([]);
  });
});
