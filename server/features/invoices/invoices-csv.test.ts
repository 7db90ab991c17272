import { describe, expect, it } from "vitest";
import type { InvoiceRow } from "@shared/invoices";
import { invoicesCsv } from "./invoices-csv";

/** An invoice as the member's form stores it: the issue day's start and the due day's end, in their zone. */
function invoice(values: Partial<InvoiceRow>): InvoiceRow {
  // Only what the CSV reads.
  return {
    invoiceNumber: "INV-1",
    clientName: "Rosa Diaz",
    issueDate: new Date("2031-01-01T00:00:00.000Z"),
    dueDate: new Date("2031-01-31T23:59:59.999Z"),
    timeZone: null,
    status: "draft",
    subtotal: "100.00",
    tax: "0.00",
    total: "100.00",
    ...values,
  } as InvoiceRow;
}

const rowOf = (csv: string, number: string) => csv.split("\r\n").find((line) => line.startsWith(`${number},`));

describe("the invoice CSV's dates", () => {
  it("are the days the member chose, in the invoice's time zone", async () => {
    const csv = invoicesCsv([
      // Set in New York: midnight there is 05:00 UTC, and the due day ends at 04:59 UTC the next day.
      invoice({
        invoiceNumber: "INV-NY",
        timeZone: "America/New_York",
        issueDate: new Date("2031-01-01T05:00:00.000Z"),
        dueDate: new Date("2031-02-01T04:59:59.999Z"),
      }),
      // Set in Tokyo: its midnight is 15:00 UTC the day before.
      invoice({
        invoiceNumber: "INV-TYO",
        timeZone: "Asia/Tokyo",
        issueDate: new Date("2030-12-31T15:00:00.000Z"),
        dueDate: new Date("2031-01-31T14:59:59.999Z"),
      }),
    ]);
    expect(rowOf(csv, "INV-NY")).toBe("INV-NY,Rosa Diaz,2031-01-01,2031-01-31,draft,100.00,0.00,100.00");
    expect(rowOf(csv, "INV-TYO")).toBe("INV-TYO,Rosa Diaz,2031-01-01,2031-01-31,draft,100.00,0.00,100.00");
  });

  it("are UTC days for an invoice without a zone, or with one this runtime does not know", async () => {
    const csv = invoicesCsv([
      invoice({ invoiceNumber: "INV-UTC" }),
      invoice({ invoiceNumber: "INV-ODD", timeZone: "Mars/Olympus_Mons" }),
    ]);
    expect(rowOf(csv, "INV-UTC")).toContain(",2031-01-01,2031-01-31,");
    expect(rowOf(csv, "INV-ODD")).toContain(",2031-01-01,2031-01-31,");
  });
});

describe("the invoice CSV's form", () => {
  it("starts with a UTF-8 byte-order mark, so Excel reads a client's accents right", () => {
    const csv = invoicesCsv([invoice({ clientName: "Sigur Rós ehf." })]);
    expect(csv.startsWith("\uFEFFNumber,Client,")).toBe(true);
    expect(csv).toContain(",Sigur Rós ehf.,");
  });

  it("keeps a client name that looks like a formula as text", () => {
    expect(rowOf(invoicesCsv([invoice({ clientName: "=HYPERLINK(1)" })]), "INV-1")).toContain(",'=HYPERLINK(1),");
  });
});
