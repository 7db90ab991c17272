import { Button, Text } from "@react-email/components";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { linkButton } from "./invoice-link";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

function Receipt({ params: p, branding }: { params: OutboxParams<"invoice-paid-receipt">; branding: Branding }) {
  return (
    <EmailLayout branding={branding} preview={`Payment received for invoice ${p.invoiceNumber}`}>
      <Text style={heading}>Payment received</Text>
      <Text
        style={paragraph}
      >{`Thank you. Your card payment for invoice ${p.invoiceNumber} from ${p.labelName} went through.`}</Text>
      <Facts
        rows={[
          ["Invoice", p.invoiceNumber],
          ["Paid", formatMoney(p.total)],
          ["Date", p.paidOn],
        ]}
      />
      <Button href={p.link} style={linkButton}>
        View invoice
      </Button>
    </EmailLayout>
  );
}

export const invoicePaidReceipt: MessageTemplate<"invoice-paid-receipt"> = {
  subject: (p) => `Receipt: invoice ${p.invoiceNumber} paid`,
  Body: Receipt,
};

function Notice({ params: p, branding }: { params: OutboxParams<"invoice-paid-notice">; branding: Branding }) {
  return (
    <EmailLayout branding={branding} preview={`Invoice ${p.invoiceNumber} was paid`}>
      <Text style={heading}>Invoice {p.invoiceNumber} was paid</Text>
      <Text style={paragraph}>{`${p.clientName || "Your client"} paid ${formatMoney(p.total)} by card.`}</Text>
      <Facts
        rows={[
          ["Invoice", p.invoiceNumber],
          ["Amount", formatMoney(p.total)],
          ["Date", p.paidOn],
        ]}
      />
      <Button href={p.link} style={linkButton}>
        Open your invoices
      </Button>
    </EmailLayout>
  );
}

export const invoicePaidNotice: MessageTemplate<"invoice-paid-notice"> = {
  subject: (p) => `Invoice ${p.invoiceNumber} was paid`,
  Body: Notice,
};
