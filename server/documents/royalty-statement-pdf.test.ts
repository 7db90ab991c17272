import { describe, expect, it } from "vitest";
import { pdfLines, pdfText } from "./poppler.test-support";
import type { RoyaltyStatementDocument } from "./royalty-statement";
import { renderRoyaltyStatementPdf } from "./royalty-statement-pdf";
import { statementSummary } from "./royalty-statement-summary";

const statement: RoyaltyStatementDocument = {
  labelName: "Nova Music",
  payeeName: "Lee Park",
  periodStart: "2026-01-01",
  periodEnd: "2026-03-31",
  statementDate: "2026-04-03T09:30:00.000Z",
  currency: "USD",
  summary: { opening: "0.00", earned: "1625.00", advances: "1000.00", closing: "625.00", payable: "625.00" },
  byTrack: [{ release: "First Light", track: "Dawn", amount: "1625.00" }],
  byStore: [{ store: "Spotify", country: "US", amount: "1625.00" }],
  topTracks: [{ track: "Dawn", amount: "1625.00" }],
};

describe("a royalty statement's PDF", () => {
  it("is titled with its period in words, names the payee and is dated", async () => {
    const lines = pdfLines(await renderRoyaltyStatementPdf(statement));
    expect(lines).toContain("Royalty statement — January 1 – March 31, 2026");
    expect(lines).toContain("Payee: Lee Park");
    expect(lines).toContain("Statement date: April 3, 2026");
    expect(lines).toContain("Amounts in US dollars");
  });

  it("takes the advance off as a deduction and shows what remains, every amount with its sign", async () => {
    const lines = pdfLines(await renderRoyaltyStatementPdf(statement));
    for (const line of [
      "Opening balance  $0.00",
      "Earned this period  $1,625.00",
      "Less advance recouped  −$1,000.00",
      "Closing balance  $625.00",
      "Payable now  $625.00",
      "First Light  Dawn  $1,625.00",
      "Spotify  United States  $1,625.00",
    ])
      expect(lines).toContain(line);
    expect(pdfText(await renderRoyaltyStatementPdf(statement))).not.toMatch(/\b1625\.00\b/);
  });

  it("says what is carried to the next statement: an advance still to recoup, or a balance below the minimum", async () => {
    const owing = {
      ...statement,
      summary: { opening: "0.00", earned: "625.00", advances: "1000.00", closing: "-375.00", payable: "0.00" },
    };
    const lines = pdfLines(await renderRoyaltyStatementPdf(owing));
    expect(lines).toContain("Closing balance  −$375.00");
    expect(lines).toContain("Advance still to recoup: $375.00, carried to your next statement.");
    const small = { ...statement, summary: { ...statement.summary, advances: "0.00", payable: "0.00" } };
    expect(statementSummary(small).rows.map((row) => row.label)).not.toContain("Less advance recouped");
    expect(statementSummary(small).note).toBe("$625.00 is carried to your next statement.");
    expect(statementSummary(statement).note).toBeNull();
  });

  it("is dated its period's last day when the closing's day is not given", async () => {
    const lines = pdfLines(await renderRoyaltyStatementPdf({ ...statement, statementDate: undefined }));
    expect(lines).toContain("Statement date: March 31, 2026");
  });

  it("writes the year twice for a period across two years", async () => {
    const pdf = await renderRoyaltyStatementPdf({ ...statement, periodStart: "2025-12-01", periodEnd: "2026-02-28" });
    // Set smaller to stay on one line rather than split its dates.
    expect(pdfLines(pdf)).toContain("Royalty statement — December 1, 2025 – February 28, 2026");
    const september = { ...statement, periodStart: "2026-09-30", periodEnd: "2026-12-31" };
    expect(pdfLines(await renderRoyaltyStatementPdf(september))).toContain(
      "Royalty statement — September 30 – December 31, 2026",
    );
  });
});
