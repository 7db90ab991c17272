import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { InvoiceDocument } from "@shared/invoice-document";
import { renderInvoicePdf } from "./invoice-pdf";
import type { PackingSlipDocument } from "./packing-slip";
import { renderPackingSlipPdf } from "./packing-slip-pdf";
import { fontRuns } from "./pdf-fonts";
import type { RoyaltyStatementDocument } from "./royalty-statement";
import { renderRoyaltyStatementPdf } from "./royalty-statement-pdf";
import { renderTicketPdf } from "./ticket-pdf";

// Read with poppler's own tools (poppler-utils, which .ci/run installs): what a reader's PDF
// viewer copies out, and which fonts the file carries.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-cjk-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function saved(pdf: Buffer): string {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return file;
}

const popplerText = (pdf: Buffer, ...flags: string[]) =>
  execFileSync("pdftotext", [...flags, "-enc", "UTF-8", saved(pdf), "-"], { encoding: "utf8" });

/** Each font `pdffonts` lists: its name and whether the file embeds it. */
function fontsOf(pdf: Buffer): { name: string; embedded: boolean }[] {
  const listing = execFileSync("pdffonts", [saved(pdf)], { encoding: "utf8" });
  return listing
    .split("\n")
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const columns = /\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
      return { name: line.split(/\s+/)[0], embedded: columns?.[1] === "yes" };
    });
}

function expectEveryFontEmbedded(pdf: Buffer) {
  const fonts = fontsOf(pdf);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.filter((font) => !font.embedded)).toEqual([]);
  expect(fonts.some((font) => font.name.includes("NotoSansCJK"))).toBe(true);
}

const ticket = {
  purchaseId: "3f1b8c2e-5d7a-4e0b-9c1d-2a3b4c5d6e7f",
  eventName: "李小龍 Night",
  artist: "山田太郎",
  date: "2031-03-14",
  time: "20:00",
  venue: "서울 Hall",
  holderName: "김민준",
  quantity: 1,
  confirmationCode: "K7QW2M",
  tickets: [{ position: 1, code: "K7QW2M-1", token: "3f1b8c2e/1.signature" }],
};

const invoice: InvoiceDocument = {
  labelName: "東京 Records",
  invoiceNumber: "INV-CJK-1",
  issueDate: "2031-03-01T12:00:00.000Z",
  dueDate: "2031-03-31T12:00:00.000Z",
  status: "sent",
  from: { name: "山田太郎", email: null, address: "東京都渋谷区", phone: null },
  billTo: { name: "李小龍", email: null, address: "🎸 Street 1", phone: null },
  items: [{ description: "김민준 공연 mastering", quantity: 1, unitPrice: "90.00", total: "90.00" }],
  subtotal: "90.00",
  tax: "0.00",
  taxLabel: "Tax",
  total: "90.00",
  notes: "ありがとうございます",
};

const statement: RoyaltyStatementDocument = {
  labelName: "Nova Music",
  payeeName: "李小龍",
  periodStart: "2031-01-01",
  periodEnd: "2031-03-31",
  currency: "USD",
  summary: { opening: "0.00", earned: "12.00", advances: "0.00", closing: "12.00", payable: "12.00" },
  byTrack: [{ release: "山田太郎 Live", track: "김민준의 노래", amount: "12.00" }],
  byStore: [{ store: "Spotify", country: "JP", amount: "12.00" }],
  topTracks: [{ track: "김민준의 노래", amount: "12.00" }],
};

const LONG_SKU = "LR-TSHIRT-BLACK-XXL-2031-WORLD-TOUR-EDITION";
const UNBROKEN_SKU = "LRVINYL0000000000000000000000000000000000000000000042";

const slip: PackingSlipDocument = {
  labelName: "Nova Music",
  orderNumber: 1042,
  orderedOn: "March 14, 2031",
  address: ["山田太郎", "東京都渋谷区", "김민준"],
  lines: [
    { sku: LONG_SKU, name: "李小龍 tour shirt", options: "Size: XXL", quantity: 1, toShip: 1 },
    { sku: UNBROKEN_SKU, name: "Vinyl", options: "", quantity: 2, toShip: 2 },
    { sku: "TEE-S", name: "Shirt", options: "", quantity: 1, toShip: 0 },
  ],
};

describe("Chinese, Japanese and Korean in every PDF", () => {
  it("prints the ticket's names and sets its code in an embedded monospace face", async () => {
    const pdf = await renderTicketPdf(ticket, "Nova Music");
    const text = popplerText(pdf);
    for (const part of ["李小龍 Night", "山田太郎", "서울 Hall", "김민준", "K7QW2M-1"]) expect(text).toContain(part);
    expectEveryFontEmbedded(pdf);
    expect(fontsOf(pdf).some((font) => font.name.includes("DejaVuSansMono-Bold"))).toBe(true);
  });

  it("prints the invoice's parties, lines and notes", async () => {
    const pdf = await renderInvoicePdf(invoice);
    const text = popplerText(pdf);
    for (const part of [
      "東京 Records",
      "山田太郎",
      "東京都渋谷区",
      "李小龍",
      "김민준 공연 mastering",
      "ありがとうございます",
    ])
      expect(text).toContain(part);
    expectEveryFontEmbedded(pdf);
    // A party's name and address stay on lines of their own when they are set in other faces.
    const lines = popplerText(pdf, "-layout").split("\n");
    expect(lines.find((line) => line.includes("山田太郎"))).not.toContain("東京都渋谷区");
    expect(lines.find((line) => line.includes("李小龍"))).not.toContain("Street");
    expect(lines.some((line) => line.includes("🎸 Street 1"))).toBe(true);
  });

  it("prints the royalty statement's payee, releases and tracks", async () => {
    const pdf = await renderRoyaltyStatementPdf(statement);
    const text = popplerText(pdf);
    for (const part of ["李小龍", "山田太郎 Live", "김민준의 노래"]) expect(text).toContain(part);
    expectEveryFontEmbedded(pdf);
  });

  it("prints the packing slip's address and items, each SKU whole on one line", async () => {
    const pdf = await renderPackingSlipPdf(slip);
    const text = popplerText(pdf);
    for (const part of ["山田太郎", "東京都渋谷区", "김민준", "李小龍 tour shirt"]) expect(text).toContain(part);
    expectEveryFontEmbedded(pdf);
    const lines = popplerText(pdf, "-layout").split("\n");
    for (const sku of [LONG_SKU, UNBROKEN_SKU, "TEE-S"]) {
      expect(lines.some((line) => line.includes(sku))).toBe(true);
    }
    // Short SKUs keep the lines' size: the SKU sits on the line of its item's name.
    expect(lines.some((line) => /TEE-S\s+Shirt\s+1\s+0/.test(line))).toBe(true);
  });
});

describe("fontRuns with Chinese, Japanese and Korean", () => {
  it("takes the characters the text face lacks from the CJK face, bold or not", () => {
    expect(fontRuns("山田 Taro", "bold")).toEqual([
      { font: "cjk", text: "山田" },
      { font: "text-bold", text: " Taro" },
    ]);
    expect(fontRuns("Kim 김민준", "regular")).toEqual([
      { font: "text", text: "Kim " },
      { font: "cjk", text: "김민준" },
    ]);
  });
});
