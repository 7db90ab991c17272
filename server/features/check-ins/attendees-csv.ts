import { slugify } from "@shared/slugs";
import { ticketCode } from "@shared/tickets";
import { toCsv } from "../../lib/csv";
import type { AttendeeRow } from "./attendance.repository";

/** One line per ticket (per person), as the door admits them (docs/decisions/030-one-code-per-ticket.md). */
export const ATTENDEES_CSV_HEADER = [
  "ticket code",
  "ticket",
  "order code",
  "buyer name",
  "buyer e-mail",
  "status",
  "checked-in time",
  // The promo code the order used and what it took off the order (docs/product.md, "Promo codes").
  "code",
  "discount",
] as const;

/** A ticket's own status: its order's when cancelled or refunded, else used once admitted. */
function ticketStatus(row: AttendeeRow): string {
  if (row.status === "cancelled" || row.status === "refunded") return row.status;
  return row.checkedInAt ? "used" : row.status;
}

export function attendeesCsv(rows: readonly AttendeeRow[]): string {
  return toCsv(
    ATTENDEES_CSV_HEADER,
    rows.map((row) => [
      ticketCode(row.confirmationCode, row.position),
      `${row.position} of ${row.quantity}`,
      row.confirmationCode,
      row.buyerName,
      row.buyerEmail,
      ticketStatus(row),
      row.checkedInAt?.toISOString() ?? null,
      row.promoCode,
      row.promoCode ? row.discountAmount : null,
    ]),
  );
}

/**
 * "attendees-harbor-lights-2027-03-14.csv": letters, digits and dashes only, so the name is
 * safe in a Content-Disposition header and on every file system.
 */
export function attendeesFilename(event: { name: string; date: string }): string {
  const slug = slugify(event.name, 60);
  return `attendees-${slug || "event"}-${event.date}.csv`;
}
