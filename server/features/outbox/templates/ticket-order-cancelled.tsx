import { Text } from "@react-email/components";
import { formatDay, formatTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"ticket-order-cancelled">;

function TicketOrderCancelled({ params: p, branding }: { params: Params; branding: Branding }) {
  const tickets = `${p.quantity} ticket${p.quantity === 1 ? "" : "s"}`;
  const why =
    p.reason === "event-cancelled"
      ? `${p.eventName} has been cancelled.`
      : `Your order for ${p.eventName} has been cancelled.`;
  return (
    <EmailLayout branding={branding} preview={`Cancelled: ${tickets} for ${p.eventName}`}>
      <Text style={heading}>Your tickets for {p.eventName} are cancelled</Text>
      <Text style={paragraph}>
        {why} Your tickets are no longer valid.{" "}
        {p.refund
          ? `${formatMoney(p.refund)} is being refunded to the card you paid with; banks usually show it within 5 to 10 business days.`
          : "Nothing was charged for them."}
      </Text>
      <Facts
        rows={[
          ["Event", `${p.eventName} — ${p.artist}`],
          ["Date", formatDay(p.date, null, "long")],
          ["Time", formatTime(p.time, null)],
          ["Venue", p.venue],
          ["Quantity", tickets],
          ["Confirmation code", p.confirmationCode],
        ]}
      />
    </EmailLayout>
  );
}

export const ticketOrderCancelled: MessageTemplate<"ticket-order-cancelled"> = {
  subject: (p) => `Cancelled: your tickets for ${p.eventName} — ${p.confirmationCode}`,
  Body: TicketOrderCancelled,
};
