import { Ticket } from "lucide-react";
import { Link } from "wouter";
import type { ShowTickets as Tickets } from "@shared/shows";
import { formatMoney } from "@shared/money";
import { signInHref } from "@shared/sign-in";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ShowPanel } from "./show-panel";

/** Members buy on the tickets page, which opens this event's purchase dialog from the query. */
export const ticketsPath = (eventId: string) => `/tickets?event=${encodeURIComponent(eventId)}`;

type Sale = { open: true } | { open: false; label: string; note: string };

function saleState(tickets: Tickets): Sale {
  if (tickets.status === "cancelled") return { open: false, label: "Cancelled", note: "This show was cancelled." };
  if (tickets.status === "completed") return { open: false, label: "Ended", note: "Ticket sales have ended." };
  if (tickets.status === "sold-out" || tickets.availableTickets <= 0) {
    return { open: false, label: "Sold out", note: "No tickets are left for this show." };
  }
  return { open: true };
}

/** The linked event's price and availability, and the way to buy (sign-in first for visitors). */
export function ShowTickets({ tickets, signedIn }: { tickets: Tickets; signedIn: boolean }) {
  const sale = saleState(tickets);
  const purchase = ticketsPath(tickets.eventId);
  return (
    <ShowPanel
      title="Tickets"
      aside={
        !sale.open && <Badge variant={sale.label === "Sold out" ? "secondary" : "destructive"}>{sale.label}</Badge>
      }
    >
      <p className="text-muted-foreground">{tickets.eventName}</p>
      <p>
        <span className="text-2xl font-semibold tabular-nums">{formatMoney(tickets.ticketPrice)}</span> per ticket
      </p>
      {sale.open ? (
        <>
          <p className="text-sm text-muted-foreground">
            {tickets.availableTickets} {tickets.availableTickets === 1 ? "ticket" : "tickets"} left
          </p>
          <Button asChild className="w-full sm:w-fit">
            {/* Signing in is a full-page trip through /api/login that comes back to the purchase. */}
            {signedIn ? (
              <Link href={purchase}>
                <Ticket aria-hidden="true" />
                Buy Tickets
              </Link>
            ) : (
              <a href={signInHref(purchase)}>
                <Ticket aria-hidden="true" />
                Log in to buy tickets
              </a>
            )}
          </Button>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{sale.note}</p>
      )}
    </ShowPanel>
  );
}
