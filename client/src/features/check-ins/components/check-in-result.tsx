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
import type { CheckInResponse, CheckInResult, ScannedTicket } from "@shared/check-ins";
import { formatEventDate, formatEventTime } from "@shared/dates";
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
  return iso
    ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })
    : "at an unknown time";
}

function headline(response: CheckInResponse): string {
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
  return `This ticket is for ${eventName} on ${formatEventDate(eventDate)} at ${formatEventTime(eventTime)}`;
}

function Ticket({ ticket }: { ticket: ScannedTicket }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base">
      <dt className="font-medium">Event</dt>
      <dd className="min-w-0 break-words">{ticket.eventName}</dd>
      <dt className="font-medium">Quantity</dt>
      <dd>{tickets(ticket.quantity)}</dd>
      <dt className="font-medium">Holder</dt>
      <dd className="min-w-0 break-words">{ticket.holderName}</dd>
    </dl>
  );
}

function Details({ response }: { response: CheckInResponse }) {
  switch (response.result) {
    case "admitted":
      return <Ticket ticket={response.ticket} />;
    case "already-used":
      return (
        <>
          <p className="text-lg">
            Checked in {when(response.checkedInAt)} by {response.checkedInBy ?? "an administrator no longer listed"}.
          </p>
          <Ticket ticket={response.ticket} />
        </>
      );
    case "cancelled":
      return (
        <>
          <p className="text-lg">This ticket was {response.ticket.status}. Do not admit.</p>
          <Ticket ticket={response.ticket} />
        </>
      );
    case "wrong-event":
      return (
        <>
          <p className="text-lg">{eventAndTime(response.ticket)}.</p>
          <Ticket ticket={response.ticket} />
        </>
      );
    case "event-cancelled":
      return (
        <>
          <p className="text-lg">This event was cancelled. Do not admit.</p>
          <Ticket ticket={response.ticket} />
        </>
      );
    case "wrong-day":
      return (
        <>
          <p className="text-lg">{eventAndTime(response.ticket)}, not today. Do not admit.</p>
          <Ticket ticket={response.ticket} />
        </>
      );
    case "unknown":
      return <p className="text-lg">No ticket matches this code. Check it, or find the order by the buyer's e-mail.</p>;
  }
}

/** The answer to one scan, big enough to read at arm's length. */
export function CheckInResultPanel({ response }: { response: CheckInResponse }) {
  const { icon: Icon, className } = LOOKS[response.result];
  return (
    <section data-result={response.result} className={cn("grid gap-3 rounded-xl border-4 p-5", className)}>
      <h2 className="flex items-center gap-3 text-3xl font-bold sm:text-4xl">
        <Icon aria-hidden="true" className="size-10 shrink-0" />
        {headline(response)}
      </h2>
      <Details response={response} />
    </section>
  );
}
