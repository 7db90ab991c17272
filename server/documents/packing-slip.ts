import { formatDay } from "@shared/dates";
import { countryName } from "@shared/shipping";

/** What a packing slip shows, as plain data (it crosses to a worker thread). */
export interface PackingSlipDocument {
  labelName: string;
  /**
   * The label's postal address, line by line, printed under "From" below its name. Absent or
   * empty: the name and the contact below stand alone.
   */
  senderAddress?: string[];
  /** Where returns go, line by line, when not to the sender's address. */
  returnAddress?: string[];
  /** The label's public contact (Label Settings), for the buyer's questions and returns. */
  contact?: { email?: string | null; phone?: string | null };
  orderNumber: number | null;
  /** The order's day ("YYYY-MM-DD", printed "March 14, 2031"); other text is printed as given. */
  orderedOn: string;
  /** The address as formatPostalAddress writes it (shared/postal-address.ts), the country last. */
  address: string[];
  lines: { sku: string; name: string; options: string; quantity: number; toShip: number }[];
}

/** "2031-03-14" → "March 14, 2031". */
export const orderedDay = (slip: PackingSlipDocument) => formatDay(slip.orderedOn, "UTC", "date");

/**
 * The address to ship to with its country in words, as the buyer reads it on their order
 * ("United States"): a last line that is a bare country code ("US") is written out.
 */
export function shipToLines(slip: PackingSlipDocument): string[] {
  if (!slip.address.length) return [];
  const last = slip.address[slip.address.length - 1].trim();
  const country = /^[A-Za-z]{2}$/.test(last) ? countryName(last.toUpperCase()) : undefined;
  return country ? [...slip.address.slice(0, -1), country] : slip.address;
}

/** "hello@label.test · +1 555 0100", or null without either. */
function contactLine(slip: PackingSlipDocument): string | null {
  const parts = [slip.contact?.email, slip.contact?.phone].filter((part): part is string => Boolean(part?.trim()));
  return parts.length ? parts.join(" · ") : null;
}

/** Under "From": the label's name, its address and how to reach it. */
export function senderLines(slip: PackingSlipDocument): string[] {
  const contact = contactLine(slip);
  return [slip.labelName, ...(slip.senderAddress ?? []), ...(contact ? [contact] : [])];
}

/**
 * Under "Returns": where to send an item back (the return address, else the sender's), or, with
 * no address known, whom to ask first.
 */
export function returnLines(slip: PackingSlipDocument): string[] {
  const to = slip.returnAddress?.length ? slip.returnAddress : slip.senderAddress;
  const contact = contactLine(slip);
  if (to?.length) return ["To return an item, send it to:", slip.labelName, ...to];
  return [`To return an item, contact ${slip.labelName}${contact ? ` (${contact})` : ""} first.`];
}
