import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoyaltyStatement } from "@shared/royalty-statements";
import type { Agent, TestApp } from "../../../test/app-harness";
import { pdfText } from "../../../test/pdf-text";
import { startRoyaltiesApp } from "../royalties.test-support";
import {
  closedPeriod,
  insertLine,
  insertPayee,
  insertRelease,
  insertSplit,
  insertTrack,
} from "./royalty-statements.test-support";

const ADMIN = "admin@statement-csv.test";

let app: TestApp;
let admin: Agent;
let statement: RoyaltyStatement;

beforeAll(async () => {
  ({ app, admin } = await startRoyaltiesApp(ADMIN));
  const payee = await insertPayee(app, { name: "Mira Half" });
  const release = await insertRelease(app, "Halves");
  const tracks = [
    await insertTrack(app, release.id, "-Intro"),
    await insertTrack(app, release.id, "Bridge"),
    await insertTrack(app, release.id, "Coda"),
  ];
  await insertSplit(app, payee.id, { releaseId: release.id }, "50");
  // Half of each: 0.005 on every track, and a refund of 0.50 on the first (−0.25 for the payee).
  for (const track of tracks)
    await insertLine(app, { reportedOn: "2071-03-01", amount: "0.01", trackId: track.id, releaseId: release.id });
  await insertLine(app, { reportedOn: "2071-03-02", amount: "-0.50", trackId: tracks[0].id, releaseId: release.id });
  const { statements } = await closedPeriod(admin, "2071-01-01", "2071-12-31");
  statement = statements.find((s) => s.payeeId === payee.id)!;
});
afterAll(() => app?.close());

/** Exact sum of decimal strings, as scaled BigInts (12 places), written without trailing zeros. */
function exactSum(amounts: string[]): string {
  const SCALE = 12;
  const total = amounts.reduce((sum, amount) => {
    const [whole, fraction = ""] = amount.replace("-", "").split(".");
    const value = BigInt(whole + fraction.padEnd(SCALE, "0"));
    return sum + (amount.startsWith("-") ? -value : value);
  }, 0n);
  const abs = total < 0n ? -total : total;
  const fraction = String(abs % 10n ** BigInt(SCALE))
    .padStart(SCALE, "0")
    .replace(/0+$/, "");
  return `${total < 0n ? "-" : ""}${abs / 10n ** BigInt(SCALE)}${fraction ? `.${fraction}` : ""}`;
}

describe("a statement's CSV and PDF figures", () => {
  it("writes amounts as numbers and guards only free text; the payee amount column adds up to earned", async () => {
    expect(statement.earned).toBe("-0.23");
    const csv = (await admin.get(`/api/statements/${statement.id}/lines.csv`).expect(200)).text;
    const rows = parse(csv.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(4);
    const refund = rows.find((row) => row.Amount.startsWith("-"))!;
    expect(refund).toMatchObject({ Amount: "-0.5", Converted: "-0.5", Share: "50", "Payee amount": "-0.25" });
    // A title that starts like a formula stays text; numbers are written as numbers.
    expect(refund.Track).toBe("'-Intro");
    expect(rows.every((row) => !row["Payee amount"].startsWith("'"))).toBe(true);
    // No total row: the column, added up as a reader would, is the statement's earned at full precision.
    const total = exactSum(rows.map((row) => row["Payee amount"]));
    expect(total).toBe("-0.235");
    expect(rows.reduce((sum, row) => sum + Number(row["Payee amount"]), 0)).toBeCloseTo(-0.235, 10);
  });

  it("gives the PDF's rows by release and track cents that add up to the statement's earned", async () => {
    const pdf = (
      await admin
        .get(`/api/statements/${statement.id}/pdf`)
        .buffer(true)
        .parse((res, callback) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => callback(null, Buffer.concat(chunks)));
        })
        .expect(200)
    ).body as Buffer;
    const text = pdfText(pdf);
    const section = text.slice(
      text.indexOf("Earnings by release and track"),
      text.indexOf("Earnings by store and country"),
    );
    // Amounts are written with their sign and a real minus ("−$0.23").
    const amounts = [...section.matchAll(/(\u2212?)\$(\d+\.\d{2})/g)].map(
      (match) => `${match[1] ? "-" : ""}${match[2]}`,
    );
    expect(amounts).toHaveLength(3);
    // Each row rounded on its own would say −0.24, 0.01 and 0.01: −0.22, not the −0.23 earned.
    const cents = amounts.reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0);
    expect(cents).toBe(-23);
  });
});
