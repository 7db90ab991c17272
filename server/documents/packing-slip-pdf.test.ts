import { describe, expect, it } from "vitest";
import { formatPostalAddress } from "@shared/postal-address";
import { pdfLines, pdfText } from "./poppler.test-support";
import { returnLines, shipToLines, type PackingSlipDocument } from "./packing-slip";
import { renderPackingSlipPdf } from "./packing-slip-pdf";

const slip: PackingSlipDocument = {
  labelName: "Nova Music",
  senderAddress: ["12 Harbour Road", "Portland, OR 97201", "United States"],
  contact: { email: "hello@nova.test", phone: "+1 555 0100" },
  orderNumber: 1042,
  orderedOn: "2031-03-14",
  address: formatPostalAddress({
    name: "Ada Fan",
    line1: "1 Main St",
    city: "Toronto",
    region: "ON",
    postalCode: "M5V 2T6",
    country: "CA",
  }),
  lines: [
    { sku: "TOUR-TEE-2026-L-BLACK", name: "Tour Tee 2026", options: "Size: L, Colour: Black", quantity: 1, toShip: 1 },
    { sku: "TOTE-BAG", name: "Tote Bag", options: "", quantity: 2, toShip: 2 },
  ],
};

/** The slip's text with its runs of white space made one, for words that wrap or sit in columns. */
const flat = async (document: PackingSlipDocument) =>
  pdfText(await renderPackingSlipPdf(document)).replace(/\s+/g, " ");

describe("a packing slip", () => {
  it("says who sends it, with the label's address and contact, and the day in words", async () => {
    const text = await flat(slip);
    expect(pdfLines(await renderPackingSlipPdf(slip))).toContain("From  Ship to");
    expect(text).toContain("Nova Music 12 Harbour Road Portland, OR 97201 United States hello@nova.test · +1 555 0100");
    expect(text).toContain("Ordered March 14, 2031");
  });

  it("ships to the buyer's address with the country in words", async () => {
    const text = await flat(slip);
    expect(text).toContain("Ada Fan 1 Main St Toronto ON M5V 2T6 Canada");
    const coded = { ...slip, address: ["Ada Fan", "1 Main St", "10001 New York", "US"] };
    expect(shipToLines(coded).at(-1)).toBe("United States");
    expect(await flat(coded)).toContain("United States");
  });

  it("says where returns go: the return address, else the sender's, else whom to ask", async () => {
    expect(await flat({ ...slip, returnAddress: ["Returns desk", "4 Dock St", "Portland, OR 97202"] })).toContain(
      "Returns To return an item, send it to: Nova Music Returns desk 4 Dock St Portland, OR 97202",
    );
    expect(await flat(slip)).toContain("To return an item, send it to: Nova Music 12 Harbour Road");
    const bare = { ...slip, senderAddress: undefined, contact: undefined };
    expect(returnLines(bare)).toEqual(["To return an item, contact Nova Music first."]);
    expect(returnLines({ ...bare, contact: { email: "hello@nova.test" } })).toEqual([
      "To return an item, contact Nova Music (hello@nova.test) first.",
    ]);
    expect(await flat(bare)).toContain("Returns To return an item, contact Nova Music first.");
  });

  it("keeps each SKU whole on the line of its item, with options or without", async () => {
    const lines = pdfLines(await renderPackingSlipPdf(slip));
    expect(lines.some((line) => /^TOUR-TEE-2026-L-BLACK\s+Tour Tee 2026\s+1\s+1$/.test(line))).toBe(true);
    expect(lines.some((line) => /^TOTE-BAG\s+Tote Bag\s+2\s+2$/.test(line))).toBe(true);
  });
});
