import { Link, Text } from "@react-email/components";
import { formatDay, formatTime } from "@shared/dates";
import type { OutboxParams } from "@shared/outbox";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"ticket-waitlist">;

const plural = (n: number) => `${n} ticket${n === 1 ? "" : "s"}`;

/** Joined (why: the person asked to be told) or offered tickets held until a time. */
function TicketWaitlist({ params: p, branding }: { params: Params; branding: Branding }) {
  const offer = p.kind === "offer";
  const until = p.offerExpiresAt ? new Date(p.offerExpiresAt).toUTCString() : "";
  return (
    <EmailLayout
      branding={branding}
      preview={offer ? `Tickets held for you: ${p.eventName}` : `Waiting list: ${p.eventName}`}
    >
      <Text style={heading}>
        {offer
          ? `${plural(p.quantity)} for ${p.eventName} are held for you`
          : `You are on the waiting list for ${p.eventName}`}
      </Text>
      <Text style={paragraph}>
        {offer
          ? `You joined the waiting list for this sold-out event, and tickets came back. They are held for you until ${until}; after that they go to the next person waiting.`
          : `You asked to be told when tickets for this sold-out event come back. You are number ${p.position ?? 1} in line; if tickets come back we e-mail you a link to buy them.`}
      </Text>
      {offer && p.buyLink ? (
        <Text style={paragraph}>
          <Link href={p.buyLink}>Buy your tickets</Link>
        </Text>
      ) : null}
      <Facts
        rows={[
          ["Event", `${p.eventName} — ${p.artist}`],
          ["Date", formatDay(p.date, null, "long")],
          ["Time", formatTime(p.time, null)],
          ["Venue", p.venue],
          ["Quantity", plural(p.quantity)],
        ]}
      />
      <Text style={paragraph}>
        Not interested any more? <Link href={p.removeLink}>Leave the waiting list</Link>.
      </Text>
    </EmailLayout>
  );
}

export const ticketWaitlist: MessageTemplate<"ticket-waitlist"> = {
  subject: (p) =>
    p.kind === "offer" ? `Tickets held for you: ${p.eventName}` : `You are on the waiting list for ${p.eventName}`,
  Body: TicketWaitlist,
};
