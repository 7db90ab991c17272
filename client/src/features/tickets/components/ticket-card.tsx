import { Calendar, CalendarPlus, Download, MapPin } from "lucide-react";
import { formatEventDate, formatEventTime } from "@shared/dates";
import { payAtDoorAmount, payAtDoorText } from "@shared/ticket-reservations";
import type { MyTicketResponse } from "@shared/tickets";
import { formatMoney } from "@shared/money";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmationQr } from "./confirmation-qr";
import { TicketStatusBadge } from "./ticket-status-badge";

/**
 * One order on My Tickets: event, date, quantity, total, status and code (and what is owed at
 * the door for a reservation); a valid ticket also shows its QR code and offers the PDF ticket
 * and the calendar invitation.
 */
export function TicketCard({ ticket }: { ticket: MyTicketResponse }) {
  const { event } = ticket;
  // A reservation taken while card payments were off is paid at the door.
  const payAtDoor = payAtDoorAmount(ticket);
  return (
    <Card className="flex flex-col gap-5 bg-card/90 p-5 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold leading-tight">{event.name}</h2>
            <p className="text-muted-foreground">{event.artist}</p>
          </div>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <ul className="grid gap-1.5 text-sm">
          <li className="flex items-center gap-2">
            <Calendar aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {formatEventDate(event.date)} at {formatEventTime(event.time)}
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {event.venue}
          </li>
        </ul>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Quantity</dt>
            <dd className="font-medium">{ticket.quantity}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Total</dt>
            <dd className="font-medium">{formatMoney(ticket.totalAmount)}</dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-muted-foreground">Confirmation code</dt>
            <dd className="font-mono text-lg font-semibold tracking-widest">{ticket.confirmationCode}</dd>
          </div>
        </dl>
        {payAtDoor && <p className="font-semibold">{payAtDoorText(payAtDoor)}</p>}
        {ticket.qrToken && (
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={`/api/tickets/${ticket.id}/pdf`} download aria-label={`Download PDF ticket for ${event.name}`}>
                <Download aria-hidden="true" />
                Download PDF
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={`/api/tickets/${ticket.id}/calendar.ics`} download aria-label={`Add to calendar: ${event.name}`}>
                <CalendarPlus aria-hidden="true" />
                Add to calendar
              </a>
            </Button>
          </div>
        )}
      </div>
      {ticket.qrToken && (
        <ConfirmationQr
          token={ticket.qrToken}
          code={ticket.confirmationCode}
          className="size-36 shrink-0 self-center rounded-md bg-white p-1"
        />
      )}
    </Card>
  );
}
