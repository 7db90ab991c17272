import { Link, Text } from "@react-email/components";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { InvoiceLink } from "./invoice-link";
import { adminFooter, EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";
import { OrderLines } from "./order-lines";

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
      <OrderLines lines={p.lines} />
      <Facts
        rows={[
          ["Carrier", p.carrier],
          ["Tracking number", p.trackingNumber],
        ]}
      />
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
      <OrderLines lines={p.lines} />
      <Facts rows={[["Refunded", formatMoney(p.amount)]]} />
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
      <OrderLines lines={p.lines} />
      {p.reason ? <Facts rows={[["Why", p.reason]]} /> : null}
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
    <EmailLayout
      branding={branding}
      preview={`${p.customerEmail} asks to return items of ${p.order}`}
      footer={adminFooter(branding.labelName)}
    >
      <Text style={heading}>A return was requested</Text>
      <Text style={paragraph}>
        {p.customerEmail} asks to return these items of {p.order}. Approve or reject it on the orders page.
      </Text>
      <OrderLines lines={p.lines} />
      <Facts
        rows={[
          ["Buyer", p.customerEmail],
          ["Why", p.reason],
        ]}
      />
      <InvoiceLink href={p.orderLink ?? p.link} label={p.orderLink ? "Open the order" : "Open the orders"} />
    </EmailLayout>
  );
}

export const merchandiseReturnRequested: MessageTemplate<"merchandise-return-requested"> = {
  subject: (p) => `Return requested: ${p.order} (${p.customerEmail})`,
  Body: MerchandiseReturnRequested,
};
