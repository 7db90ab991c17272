import { INVOICE_REFUND_REASON_TEXT, type InvoiceEvent } from "@shared/invoice-events";
import { formatMoney } from "@shared/money";
import { formatInvoiceDay, formatInvoiceMoment } from "../format";

const REMINDERS: Record<string, string> = {
  "due-in-3-days": "Reminder sent: due in 3 days",
  "overdue-1-day": "Reminder sent: 1 day overdue",
  "overdue-7-days": "Reminder sent: 7 days overdue",
};

/** One line of the timeline in plain words. */
export function describeEvent(event: InvoiceEvent): string {
  const d = event.detail;
  switch (event.kind) {
    case "created":
      return "Created";
    case "edited":
      return "Edited";
    case "sent":
      return d.how === "email" && d.to ? `Sent to ${d.to}` : "Marked as sent";
    case "viewed":
      return "Viewed by the client";
    case "reminded":
      return `${REMINDERS[d.reminder ?? ""] ?? "Reminder sent"}${d.to ? ` to ${d.to}` : ""}`;
    case "paid":
      return `${d.how === "card" ? "Paid by card" : `Marked as paid${d.paidOn ? ` (${formatInvoiceDay(d.paidOn)})` : ""}`}${d.note ? `: ${d.note}` : ""}`;
    case "cancelled":
      return "Cancelled";
    case "duplicated-from":
      return `Duplicated from ${d.invoiceNumber ?? "another invoice"}`;
    case "payment-refunded": {
      const amount = d.amount ? `${formatMoney(d.amount)} ` : "";
      const why = d.refundReason ? `: ${INVOICE_REFUND_REASON_TEXT[d.refundReason]}` : "";
      return `Card payment of ${amount}refunded to the client${why}`;
    }
  }
}

/** What happened to the invoice, oldest first, each with its date and time. */
export function InvoiceTimeline({ events }: { events: InvoiceEvent[] }) {
  return (
    <section aria-labelledby="invoice-timeline" className="grid gap-2 print:hidden">
      <h3 id="invoice-timeline" className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        Timeline
      </h3>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
      ) : (
        <ol className="grid gap-1.5 border-l pl-4 text-sm">
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap justify-between gap-x-4">
              <span>{describeEvent(event)}</span>
              <time dateTime={event.at} className="text-muted-foreground tabular-nums">
                {formatInvoiceMoment(event.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
