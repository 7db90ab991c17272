import {
  Ban,
  CalendarClock,
  CalendarOff,
  CalendarX2,
  CircleCheckBig,
  CircleHelp,
  History,
  type LucideIcon,
} from "lucide-react";
import type { CheckInOutcome, CheckInResult, ScannedTicket } from "@shared/check-ins";
import { formatDay, formatDayTime, formatTime, viewerTimeZone } from "@shared/dates";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * Each result has its own colour, but never only a colour: an icon and a word say it too,
 * for colour-blind staff and for a glance across a dark room. Text stays dark on the light
 * tint and light on the dark one, so both themes keep their contrast.
 */
const LOOKS: Record<CheckInResult, { icon: LucideIcon; className: string }> = {
  admitted: {
    icon: CircleCheckBig,
    className: "border-emerald-600 bg-emerald-100 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  },
  "already-used": {
    icon: History,
    className: "border-amber-500 bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
  },
  cancelled: { icon: Ban, className: "border-red-600 bg-red-100 text-red-950 dark:bg-red-950 dark:text-red-50" },
  "wrong-event": {
    icon: CalendarX2,
    className: "border-orange-600 bg-orange-100 text-orange-950 dark:bg-orange-950 dark:text-orange-50",
  },
  "event-cancelled": {
    icon: CalendarOff,
    className: "border-rose-700 bg-rose-100 text-rose-950 dark:bg-rose-950 dark:text-rose-50",
  },
  "wrong-day": {
    icon: CalendarClock,
    className: "border-violet-600 bg-violet-100 text-violet-950 dark:bg-violet-950 dark:text-violet-50",
  },
  unknown: {
    icon: CircleHelp,
    className: "border-slate-500 bg-slate-100 text-slate-950 dark:bg-slate-900 dark:text-slate-50",
  },
};

const tickets = (n: number) => `${n} ticket${n === 1 ? "" : "s"}`;

function when(iso: string | null): string {
  return iso ? formatDayTime(iso, viewerTimeZone(), { year: "other-years" }) : "at an unknown time";
}

function headline(response: CheckInOutcome): string {
  switch (response.result) {
    case "admitted":
      return "Admitted";
    case "already-used":
      return "Already used";
    case "cancelled":
      return response.ticket.status === "refunded" ? "Refunded" : "Cancelled";
    case "wrong-event":
      return "Wrong event";
    case "event-cancelled":
      return "Event cancelled";
    case "wrong-day":
      return "Wrong day";
    case "unknown":
      return "Unknown ticket";
  }
}

/** "This ticket is for Harbor Lights on Thursday, March 14, 2030 at 8:00 PM" */
function eventAndTime(ticket: ScannedTicket): string {
  const { eventName, eventDate, eventTime } = ticket;
  return `This ticket is for ${eventName} on ${formatDay(eventDate, null, "long")} at ${formatTime(eventTime, null)}`;
}

/** Which ticket, and whose: "Ticket 2 of 3 · Marisol Vega", or the order's "3 tickets · …". */
function Holder({ ticket }: { ticket: ScannedTicket }) {
  const which =
    ticket.position === null || ticket.quantity === 1
      ? tickets(ticket.quantity)
      : `Ticket ${ticket.position} of ${ticket.quantity}`;
  return (
    <p className="min-w-0 text-xl font-semibold break-words">
      {which} · {ticket.holderName}
    </p>
  );
}

const onThisOrder = (left: number) => `${left} more ${left === 1 ? "ticket" : "tickets"} on this order`;

function Message({ response }: { response: Exclude<CheckInOutcome, { result: "unknown" }> }) {
  const { ticket } = response;
  switch (response.result) {
    case "admitted": {
      const left = ticket.quantity - ticket.checkedIn;
      return (
        <p className="text-lg break-words">
          {ticket.eventName}
          {left > 0 && <span className="font-semibold"> · {onThisOrder(left)}</span>}
        </p>
      );
    }
    case "already-used":
      return (
        <p className="text-lg">
          {ticket.quantity > 1 && ticket.checkedIn >= ticket.quantity
            ? `All ${tickets(ticket.quantity)} of this order have been used. `
            : ""}
          Checked in {when(response.checkedInAt)} by {response.checkedInBy ?? "an administrator no longer listed"}.
        </p>
      );
    case "cancelled":
      return <p className="text-lg">This ticket was {ticket.status}. Do not admit.</p>;
    case "wrong-event":
      return <p className="text-lg">{eventAndTime(ticket)}.</p>;
    case "event-cancelled":
      return <p className="text-lg">This event was cancelled. Do not admit.</p>;
    case "wrong-day":
      return <p className="text-lg">{eventAndTime(ticket)}, not today. Do not admit.</p>;
  }
}

/**
 * The answer to one scan, big enough to read at arm's length: the result, whose ticket it is,
 * what to do. After an admission on an order with tickets left, "Admit next ticket" takes the
 * next one at once (a group that shows one phone).
 */
export function CheckInResultPanel({
  response,
  onAdmitNext,
  pending = false,
}: {
  response: CheckInOutcome;
  onAdmitNext?: (confirmationCode: string) => void;
  pending?: boolean;
}) {
  const { icon: Icon, className } = LOOKS[response.result];
  const left = response.result === "admitted" ? response.ticket.quantity - response.ticket.checkedIn : 0;
  return (
    <section
      data-result={response.result}
      className={cn("grid content-start gap-2 rounded-xl border-4 p-4 sm:p-5", className)}
    >
      <h2 className="flex items-center gap-3 text-3xl font-bold sm:text-4xl">
        <Icon aria-hidden="true" className="size-9 shrink-0 sm:size-10" />
        {headline(response)}
      </h2>
      {response.result === "unknown" ? (
        <p className="text-lg">No ticket matches this code. Check it, or find the order by the buyer's e-mail.</p>
      ) : (
        <>
          <Holder ticket={response.ticket} />
          <Message response={response} />
        </>
      )}
      {left > 0 && response.result === "admitted" && onAdmitNext && (
        <Button
          type="button"
          variant="outline"
          disabled={pending}
          onClick={() => onAdmitNext(response.ticket.confirmationCode)}
          className="justify-self-start border-current bg-transparent hover:bg-black/10 dark:hover:bg-white/10"
        >
          Admit next ticket
        </Button>
      )}
    </section>
  );
}
