import { describe, expect, it } from "vitest";
import type { InvoiceDocument } from "@shared/invoice-document";
import { pdfText } from "../test/pdf-text";
import { renderInvoicePdf } from "./invoice-pdf";
import { fontRuns } from "./pdf-fonts";
import { renderTicketPdf } from "./ticket-pdf";

const ticket = {
  purchaseId: "3f1b8c2e-5d7a-4e0b-9c1d-2a3b4c5d6e7f",
  eventName: "Zoë — ✓ Night",
  artist: "The 🎸 Band",
  date: "2031-03-14",
  time: "20:00",
  venue: "Café ♞ Hall 👩‍🎤",
  holderName: "Łukasz Ørsted",
  quantity: 2,
  confirmationCode: "K7QW2M",
  tickets: [
    { position: 1, code: "K7QW2M-1", token: "3f1b8c2e/1.signature" },
    { position: 2, code: "K7QW2M-2", token: "3f1b8c2e/2.signature" },
  ],
};

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    labelName: "Nova 🎸 Music",
    invoiceNumber: "INV-UNI-1",
    issueDate: "2031-03-01T12:00:00.000Z",
    dueDate: "2031-03-31T12:00:00.000Z",
    status: "sent",
    from: { name: "Zoë — ✓ Studio", email: null, address: null, phone: null },
    billTo: { name: "Ñandú Records ❤️", email: "ñandu@example.test", address: null, phone: null },
    items: [{ description: "Mastering 🎚️ — “final”", quantity: 1, unitPrice: "90.00", total: "90.00" }],
    subtotal: "90.00",
    tax: "0.00",
    taxLabel: "Tax",
    total: "90.00",
    notes: "Merci · Danke · Спасибо ☕",
    ...overrides,
  };
}

describe("PDF text beyond Latin-1", () => {
  it("prints emoji and symbols in an artist, venue and event name as themselves on the ticket", async () => {
    const text = pdfText(await renderTicketPdf(ticket, "Label 👩‍🎤 Records"));
    for (const part of [
      "Zoë — ✓ Night",
      "The 🎸 Band",
      "Café ♞ Hall 👩‍🎤",
      "Łukasz Ørsted",
      "LABEL 👩‍🎤 RECORDS",
      "K7QW2M",
    ])
      expect(text).toContain(part);
  });

  it("prints the invoice's names, lines and notes as typed, and embeds only the glyphs it uses", async () => {
    const pdf = await renderInvoicePdf(invoice());
    const text = pdfText(pdf);
    for (const part of [
      "Nova 🎸 Music",
      "Zoë — ✓ Studio",
      "Ñandú Records ❤️",
      "Mastering 🎚️ — “final”",
      "Merci · Danke · Спасибо",
      "☕",
    ])
      expect(text).toContain(part);
    // The whole DejaVu Sans alone is 750 kB: the fonts are subset, not embedded whole.
    expect(pdf.length).toBeLessThan(80_000);
  });
});

describe("fontRuns", () => {
  it("keeps text the text face draws in one run and takes emoji and missing symbols from the fallbacks", () => {
    expect(fontRuns("Zoë — ✓", "regular")).toEqual([{ font: "text", text: "Zoë — ✓" }]);
    expect(fontRuns("The 🎸 Band", "bold")).toEqual([
      { font: "text-bold", text: "The " },
      { font: "emoji", text: "🎸" },
      { font: "text-bold", text: " Band" },
    ]);
    // Joined emoji stay one cluster in one run; a character only the symbols face has goes there.
    expect(fontRuns("👩‍🎤🇩🇪", "regular")).toEqual([{ font: "emoji", text: "👩‍🎤🇩🇪" }]);
    expect(fontRuns("a🯅b", "regular")).toEqual([
      { font: "text", text: "a" },
      { font: "symbols", text: "🯅" },
      { font: "text", text: "b" },
    ]);
  });
});
