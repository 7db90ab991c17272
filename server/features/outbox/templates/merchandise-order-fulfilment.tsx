import { Link, Text } from "@react-email/components";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Line = OutboxParams<"merchandise-order-shipped">["lines"][number];

const lineRows = (lines: Line[]): [string, string][] =>
  lines.map((line) => [`${line.quantity} × ${line.name}`, line.sku]);

function MerchandiseOrderShipped({
  params: p,
  branding,
}: {
  params: OutboxParams<"merchandise-order-shipped">;
  branding: Branding;
}) {
  return (
    <EmailLayout branding={branding} preview={`Your order has shipped with ${p.carrier}`}>
      <Text style={heading}>Your order has shipped</Text>
      <Text style={paragraph}>These items of {p.order} are on their way.</Text>
      <Facts rows={[...lineRows(p.lines), ["Carrier", p.carrier], ["Tracking number", p.trackingNumber]]} />
      {p.trackingUrl ? (
        <Text style={paragraph}>
          Track your parcel: <Link href={p.trackingUrl}>{p.trackingUrl}</Link>
        </Text>
      ) : null}
      <Text style={paragraph}>
        Your order: <Link href={p.link}>{p.link}</Link>
      </Text>
    </EmailLayout>
  );
}

export const merchandiseOrderShipped: MessageTemplate<"merchandise-order-shipped"> = {
  subject: (p) => `Your order has shipped: ${p.order}`,
  Body: MerchandiseOrderShipped,
};

function refundedHeading(p: OutboxParams<"merchandise-order-refunded">) {
  if (p.cancelled) return "Your order is cancelled";
  if (p.kind === "unshipped") return "Part of your order is refunded";
  if (p.kind === "other") return "A refund on your order";
  return "Your return is refunded";
}

function MerchandiseOrderRefunded({
  params: p,
  branding,
}: {
  params: OutboxParams<"merchandise-order-refunded">;
  branding: Branding;
}) {
  return (
    <EmailLayout branding={branding} preview={`${formatMoney(p.amount)} refunded`}>
      <Text style={heading}>{refundedHeading(p)}</Text>
      {p.soldOut && (
        <Text style={paragraph}>
          Your payment arrived after your hold on these items ran out, and they sold out meanwhile, so we could not fill
          this order.
        </Text>
      )}
      {p.kind === "unshipped" ? (
        <Text style={paragraph}>We can't send these items, so they are refunded and will not ship.</Text>
      ) : null}
      <Text style={paragraph}>
        {formatMoney(p.amount)} of {p.order} is being refunded to the card you paid with; banks usually show it within 5
        to 10 business days.
      </Text>
      <Facts rows={[...lineRows(p.lines), ["Refunded", formatMoney(p.amount)]]} />
      <Text style={paragraph}>
        Your order: <Link href={p.link}>{p.link}</Link>
      </Text>
    </EmailLayout>
  );
}

export const merchandiseOrderRefunded: MessageTemplate<"merchandise-order-refunded"> = {
  subject: (p) => `${refundedHeading(p)}: ${p.order}`,
  Body: MerchandiseOrderRefunded,
};

function MerchandiseReturnRejected({
  params: p,
  branding,
}: {
  params: OutboxParams<"merchandise-return-rejected">;
  branding: Branding;
}) {
  return (
    <EmailLayout branding={branding} preview={`Your return request for ${p.order} was not accepted`}>
      <Text style={heading}>Your return was not accepted</Text>
      <Text style={paragraph}>
        We looked at your request to return these items of {p.order} and can't take them back. Nothing has been
        refunded.
      </Text>
      <Facts rows={[...lineRows(p.lines), ...(p.reason ? [["Why", p.reason] as [string, string]] : [])]} />
      <Text style={paragraph}>
        Your order: <Link href={p.link}>{p.link}</Link>
      </Text>
    </EmailLayout>
  );
}

export const merchandiseReturnRejected: MessageTemplate<"merchandise-return-rejected"> = {
  subject: (p) => `Your return was not accepted: ${p.order}`,
  Body: MerchandiseReturnRejected,
};

function MerchandiseReturnRequested({
  params: p,
  branding,
}: {
  params: OutboxParams<"merchandise-return-requested">;
  branding: Branding;
}) {
  return (
    <EmailLayout branding={branding} preview={`${p.customerEmail} asks to return items of ${p.order}`}>
      <Text style={heading}>A return was requested</Text>
      <Text style={paragraph}>
        {p.customerEmail} asks to return these items of {p.order}. Approve or reject it on the orders page.
      </Text>
      <Facts rows={[...lineRows(p.lines), ["Buyer", p.customerEmail], ["Why", p.reason]]} />
      <Text style={paragraph}>
        Orders: <Link href={p.link}>{p.link}</Link>
      </Text>
    </EmailLayout>
  );
}

export const merchandiseReturnRequested: MessageTemplate<"merchandise-return-requested"> = {
  subject: (p) => `Return requested: ${p.order} (${p.customerEmail})`,
  Body: MerchandiseReturnRequested,
};
