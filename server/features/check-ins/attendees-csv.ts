import { toCsv } from "../../lib/csv";
import type { AttendeeRow } from "./attendance.repository";

export const ATTENDEES_CSV_HEADER = [
  "code",
  "buyer name",
  "buyer e-mail",
  "quantity",
  "status",
  "checked-in time",
] as const;

export function attendeesCsv(rows: readonly AttendeeRow[]): string {
  return toCsv(
    ATTENDEES_CSV_HEADER,
    rows.map((row) => [
      row.confirmationCode,
      row.buyerName,
      row.buyerEmail,
      row.quantity,
      row.status,
      row.checkedInAt?.toISOString() ?? null,
    ]),
  );
}

/**
 * "attendees-harbor-lights-2027-03-14.csv": letters, digits and dashes only, so the name is
 * safe in a Content-Disposition header and on every file system.
 */
export function attendeesFilename(event: { name: string; date: string }): string {
  const slug = event.name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `attendees-${slug || "event"}-${event.date}.csv`;
}
