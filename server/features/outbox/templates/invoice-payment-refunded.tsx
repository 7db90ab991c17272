import { Button, Text } from "@react-email/components";
import { INVOICE_REFUND_REASON_TEXT } from "@shared/invoice-events";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { linkButton } from "./invoice-link";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

/** How long a card refund usually takes to show, as the ticket refunds say it too. */
const REFUND_TIMING = "banks usually show it within 5 to 10 business days.";

function ClientRefund({
  params: p,
  branding,
}: {
  params: OutboxParams<"invoice-payment-refunded">;
  branding: Branding;
}) {
  const amount = formatMoney(p.amount);
  return (
    <EmailLayout branding={branding} preview={`Your payment for invoice ${p.invoiceNumber} is being refunded`}>
      <Text style={heading}>Your payment is being refunded</Text>
      <Text style={paragraph}>
        {`Your card payment of ${amount} for invoice ${p.invoiceNumber} from ${p.labelName} could not be applied: ${INVOICE_REFUND_REASON_TEXT[p.reason]}. ${amount} is being refunded to the card you paid with; ${REFUND_TIMING}`}
      </Text>
      <Facts
        rows={[
          ["Invoice", p.invoiceNumber],
          ["Refunded", amount],
        ]}
      />
      <Button href={p.link} style={linkButton}>
        View invoice
      </Button>
    </EmailLayout>
  );
}

export const invoicePaymentRefunded: MessageTemplate<"invoice-payment-refunded"> = {
  subject: (p) => `Refund: your payment for invoice ${p.invoiceNumber}`,
  Body: ClientRefund,
};

function OwnerNotice({
  params: p,
  branding,
}: {
  params: OutboxParams<"invoice-payment-refunded-notice">;
  branding: Branding;
}) {
  const amount = formatMoney(p.amount);
  return (
    <EmailLayout branding={branding} preview={`A payment for invoice ${p.invoiceNumber} is being refunded`}>
      <Text style={heading}>A payment for invoice {p.invoiceNumber} is being refunded</Text>
      <Text style={paragraph}>
        {`${p.clientName || "Your client"} paid ${amount} by card, but the payment could not be applied: ${INVOICE_REFUND_REASON_TEXT[p.reason]}. It is being refunded to their card automatically; nothing was kept.`}
      </Text>
      <Facts
        rows={[
          ["Invoice", p.invoiceNumber],
          ["Refunded", amount],
        ]}
      />
      <Button href={p.link} style={linkButton}>
        Open your invoices
      </Button>
    </EmailLayout>
  );
}

export const invoicePaymentRefundedNotice: MessageTemplate<"invoice-payment-refunded-notice"> = {
  subject: (p) => `Refunded: a payment for invoice ${p.invoiceNumber}`,
  Body: OwnerNotice,
};
