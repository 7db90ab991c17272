import { Section, Text } from "@react-email/components";
import { invoiceEmailSubject } from "@shared/invoice-actions";
import { formatDocumentDay } from "@shared/invoice-document";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { invoiceFooter, InvoiceLink } from "./invoice-link";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"invoice-sent">;

const subheading = { ...paragraph, fontWeight: 700, margin: "0 0 4px" };

/**
 * Text a member wrote, as plain text: a blank line starts a paragraph, a line break stays one.
 * React escapes every character, so nothing typed becomes markup.
 */
export function PlainText({ text }: { text: string }) {
  return text.split(/\n{2,}/).map((block, index) => (
    <Text key={index} style={paragraph}>
      {block.split("\n").flatMap((line, at) => (at === 0 ? [line] : [<br key={at} />, line]))}
    </Text>
  ));
}

/** Messages queued before the member could write their own say this. */
function defaultMessage({ document: d, payOnline = true }: Params): string {
  const what = payOnline ? "view it, download it and pay online" : "view it and download it";
  return `${d.labelName} sent you an invoice. The PDF is attached; you can also ${what}.`;
}

function InvoiceSent({ params, branding }: { params: Params; branding: Branding }) {
  const { document: d, link } = params;
  const payOnline = params.payOnline ?? true;
  const issuer = d.from.name?.trim() || d.labelName;
  return (
    <EmailLayout
      branding={branding}
      preview={`Invoice ${d.invoiceNumber} from ${d.labelName}: ${formatMoney(d.amountDue ?? d.total)}`}
      footer={invoiceFooter(issuer, d.invoiceNumber)}
    >
      <Text style={heading}>Invoice {d.invoiceNumber}</Text>
      <PlainText text={params.message ?? defaultMessage(params)} />
      <Facts
        rows={[
          ["Amount due", formatMoney(d.amountDue ?? d.total)],
          ["Issued", formatDocumentDay(d.issueDate, d.timeZone)],
          ["Due", formatDocumentDay(d.dueDate, d.timeZone)],
        ]}
      />
      {!payOnline && d.paymentInstructions ? (
        <Section>
          <Text style={subheading}>How to pay</Text>
          <PlainText text={d.paymentInstructions} />
        </Section>
      ) : null}
      <InvoiceLink href={link} label={payOnline ? "View and pay online" : "View invoice"} />
    </EmailLayout>
  );
}

export const invoiceSent: MessageTemplate<"invoice-sent"> = {
  subject: ({ document: d, subject }) => invoiceEmailSubject(d.invoiceNumber, subject ?? `Invoice from ${d.labelName}`),
  Body: InvoiceSent,
  async attachments({ document: d }, _branding, { documents }) {
    const pdf = await documents.invoicePdf(d);
    return [
      {
        filename: `invoice-${d.invoiceNumber.replace(/[^\w.-]+/g, "_")}.pdf`,
        contentType: "application/pdf",
        content: pdf.toString("base64"),
      },
    ];
  },
};
