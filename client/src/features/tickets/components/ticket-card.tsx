import { Calendar, CalendarPlus, Download, MapPin } from "lucide-react";
import { formatDayTime } from "@shared/dates";
import { payAtDoorAmount, payAtDoorText } from "@shared/ticket-reservations";
import type { MyTicket } from "@shared/tickets";
import { formatMoney, toCents } from "@shared/money";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ticketCalendarUrl, ticketPdfUrl } from "../api";
import { cancellationText, orderStatus } from "../order-summary";
import { OwnTickets } from "./own-tickets";
import { TicketStatusBadge } from "./ticket-status-badge";

/**
 * One order on My Tickets: event, date, tickets, total (what a cancelled order became of its
 * money instead; what is owed at the door for a reservation), status and code; a valid order
 * also shows each ticket's QR code and offers the PDF tickets and the calendar invitation.
 */
export function TicketCard({ ticket: order }: { ticket: MyTicket }) {
  const { event } = order;
  // A reservation taken while card payments were off is paid at the door.
  const payAtDoor = payAtDoorAmount(order);
  const cancelled = cancellationText(order);
  const total = toCents(order.totalAmount) === 0 ? "Free" : formatMoney(order.totalAmount);
  return (
    <Card className="grid gap-5 bg-card/90 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold leading-tight">{event.name}</h2>
          <p className="text-muted-foreground">{event.artist}</p>
        </div>
        <TicketStatusBadge status={orderStatus(order)} />
      </div>
      <ul className="grid gap-1.5 text-sm">
        <li className="flex items-center gap-2">
          <Calendar aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {formatDayTime(event, event.timeZone, { style: "long", join: " at " })}
        </li>
        <li className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {event.venue}
        </li>
      </ul>
      <dl className="grid max-w-2xl grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Quantity</dt>
          <dd className="font-medium">{order.quantity}</dd>
        </div>
        {!cancelled && (
          <div>
            <dt className="text-muted-foreground">Total</dt>
            <dd className="font-medium">{total}</dd>
          </div>
        )}
        {order.promoCode && (
          <div>
            <dt className="text-muted-foreground">Promo code</dt>
            <dd className="font-medium">
              {order.promoCode} (−{formatMoney(order.discountAmount)})
            </dd>
          </div>
        )}
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-muted-foreground">Confirmation code</dt>
          <dd className="font-mono text-lg font-semibold tracking-widest">{order.confirmationCode}</dd>
        </div>
      </dl>
      {cancelled && <p className="font-medium">{cancelled}</p>}
      {payAtDoor && <p className="font-semibold">{payAtDoorText(payAtDoor)}</p>}
      {order.tickets.length > 0 && (
        <>
          <OwnTickets tickets={order.tickets} eventName={event.name} />
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={ticketPdfUrl(order.id)} download aria-label={`Download PDF tickets for ${event.name}`}>
                <Download aria-hidden="true" />
                Download PDF
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={ticketCalendarUrl(order.id)} download aria-label={`Add to calendar: ${event.name}`}>
                <CalendarPlus aria-hidden="true" />
                Add to calendar
              </a>
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
