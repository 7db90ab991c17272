import { formatDayTime, viewerTimeZone } from "@shared/dates";
import type { OwnTicket } from "@shared/tickets";
import { cn } from "@/lib/utils";
import { ConfirmationQr } from "./confirmation-qr";

/**
 * An order's tickets, each with its own QR code and code: each admits one person, so a group
 * can split up at the door (docs/product.md, "My Tickets"). A used one says when.
 */
export function OwnTickets({ tickets, eventName }: { tickets: OwnTicket[]; eventName: string }) {
  return (
    <ul aria-label={`Tickets for ${eventName}`} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {tickets.map((ticket) => (
        <li key={ticket.position} className="grid justify-items-center gap-1.5 rounded-md border bg-background/60 p-3">
          <ConfirmationQr
            token={ticket.qrToken}
            label={`QR code for ticket ${ticket.code}`}
            className={cn("size-32 rounded-md bg-white p-1", ticket.checkedInAt && "opacity-40")}
          />
          <p className="text-sm font-medium">
            Ticket {ticket.position} of {tickets.length}
          </p>
          <p className="font-mono text-xs font-semibold tracking-wider break-all">{ticket.code}</p>
          <p className={cn("text-center text-xs", ticket.checkedInAt ? "font-medium" : "text-muted-foreground")}>
            {ticket.checkedInAt
              ? `Used ${formatDayTime(ticket.checkedInAt, viewerTimeZone(), { year: "other-years" })}`
              : "Not used yet"}
          </p>
        </li>
      ))}
    </ul>
  );
}
