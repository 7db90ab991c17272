import type { Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent, TestApp } from "../../../test/app-harness";
import { formatSignedMoney } from "@shared/formats";
import { pdfText } from "../../../test/pdf-text";
import { startRoyaltiesApp } from "../royalties.test-support";
import {
  getStatementOf,
  insertLine,
  insertManyLines,
  insertPayee,
  insertRelease,
  insertSplit,
  insertTrack,
  postClose,
  postPeriod,
} from "./royalty-statements.test-support";

const ADMIN = "admin@royalties.test";
let app: TestApp, admin: Agent;
beforeAll(async () => ({ app, admin } = await startRoyaltiesApp(ADMIN)));
afterAll(() => app?.close());

function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
}

/** Exact decimal sum of strings, as scaled BigInts (20 places), rounded half-up to cents like the closing. */
function halfUpSum(amounts: string[]): string {
  const SCALE = 20;
  const scaled = amounts.reduce((total, amount) => {
    const [whole, fraction = ""] = amount.replace("-", "").split(".");
    const value = BigInt(whole + fraction.padEnd(SCALE, "0").slice(0, SCALE));
    return total + (amount.startsWith("-") ? -value : value);
  }, 0n);
  const unit = 10n ** BigInt(SCALE - 2);
  const shifted = scaled * 2n + unit; // floor(x × 100 + 0.5) = floor((2x·100 + 1) / 2)
  const denominator = unit * 2n;
  let cents = shifted / denominator;
  if (shifted % denominator !== 0n && shifted < 0n) cents -= 1n;
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

describe("a statement's documents and a payee's own statements", () => {
  let statementId: string;
  let payeeAgent: Agent;
  let periodId: string;
  let payeeId: string;

  beforeAll(async () => {
    const payee = await insertPayee(app, { name: "Rosa Diaz", email: "rosa@royalties.test" });
    const release = await insertRelease(app, "Night Drive");
    const track = await insertTrack(app, release.id, "Neon = Lights");
    await insertSplit(app, payee.id, { releaseId: release.id }, "50");
    await insertManyLines(app, 6_001, {
      reportedOn: "2014-03-01",
      amount: "0.003335",
      trackId: track.id,
      releaseId: release.id,
    });
    await insertLine(app, {
      reportedOn: "2014-03-02",
      amount: "12.345",
      currency: "EUR",
      rate: "1.0837",
      country: "DE",
      store: "Apple Music",
      trackId: track.id,
      releaseId: release.id,
    });
    periodId = await postPeriod(admin, "2014-01-01", "2014-12-31");
    await postClose(admin, periodId);
    payeeId = payee.id;
    statementId = (await getStatementOf(admin, periodId, payee.id))!.id;
    payeeAgent = await app.signIn("Rosa@Royalties.test");
  });

  it("the CSV lists every line, and its amounts round to the PDF's and the statement's earned", async () => {
    const statement = await getStatementOf(admin, periodId, payeeId);
    const csvAnswer = await payeeAgent.get(`/api/statements/${statementId}/lines.csv`).expect(200);
    expect(csvAnswer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csvAnswer.headers["content-disposition"]).toBe(
      "attachment; filename=statement-rosa-diaz-2014-01-01-to-2014-12-31.csv",
    );
    const csv = csvAnswer.text;
    const rows = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .map((row) => row.split(","));
    expect(rows[0]).toEqual(
      "Reported on,Store,Country,Release,Track,ISRC,UPC,Quantity,Currency,Amount,Rate,Converted,Share,Payee amount".split(
        ",",
      ),
    );
    const lines = rows.slice(1);
    expect(lines).toHaveLength(6_002);
    const amounts = lines.map((row) => row[13]);
    expect(halfUpSum(amounts)).toBe(statement!.earned);
    // The track's title starts no formula; "Neon = Lights" stays as it is.
    expect(lines[0][4]).toBe("Neon = Lights");
    expect(lines.find((row) => row[8] === "EUR")).toEqual(expect.arrayContaining(["12.345", "1.0837", "DE"]));

    const pdfAnswer = await payeeAgent.get(`/api/statements/${statementId}/pdf`).buffer(true).parse(binary).expect(200);
    // Named for the payee and the period, as a statement is filed.
    expect(pdfAnswer.headers["content-disposition"]).toBe(
      "attachment; filename=statement-rosa-diaz-2014-01-01-to-2014-12-31.pdf",
    );
    const text = pdfText(pdfAnswer.body as Buffer);
    expect(text).toContain("Royalty statement — January 1 – December 31, 2014");
    expect(text).toContain("Payee: Rosa Diaz");
    expect(text).toContain(`Earned this period${formatSignedMoney(statement!.earned)}`);
    for (const part of ["Night Drive", "Neon = Lights", "Apple Music", "Top tracks"]) expect(text).toContain(part);
  });

  it("is for administrators and the payee only: another member gets 404, a visitor 401", async () => {
    await admin.get(`/api/statements/${statementId}/lines.csv`).expect(200);
    const other = await app.signIn("someone@royalties.test");
    expect((await other.get(`/api/statements/${statementId}/pdf`).expect(404)).body.message).toBe("No such statement");
    await other.get(`/api/statements/${statementId}/lines.csv`).expect(404);
    await app.agent().get(`/api/statements/${statementId}/pdf`).expect(401);
    await app.agent().get(`/api/statements/${statementId}/lines.csv`).expect(401);
  });

  it("lists the payee's own statements with their period, and tells a member who is no payee", async () => {
    const mine = (await payeeAgent.get("/api/statements/my").expect(200)).body;
    expect(mine).toEqual([
      expect.objectContaining({ id: statementId, periodStart: "2014-01-01", periodEnd: "2014-12-31", paidOn: null }),
    ]);
    const other = await app.signIn("nobody@royalties.test");
    const res = await other.get("/api/statements/my").expect(404);
    expect(res.body.message).toBe("No royalty statements for this account");
  });
});
