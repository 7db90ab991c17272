import { Text } from "@react-email/components";
import { formatDocumentDay } from "@shared/invoice-document";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { invoiceFooter, InvoiceLink } from "./invoice-link";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"invoice-reminder">;

function lead(p: Params): string {
  const due = formatDocumentDay(p.dueDate, p.timeZone);
  if (p.reminder === "due-in-3-days") return `A friendly reminder: invoice ${p.invoiceNumber} is due on ${due}.`;
  return `Invoice ${p.invoiceNumber} was due on ${due} and has not been paid yet.`;
}

function InvoiceReminder({ params: p, branding }: { params: Params; branding: Branding }) {
  return (
    <EmailLayout branding={branding} preview={lead(p)} footer={invoiceFooter(p.labelName, p.invoiceNumber)}>
      <Text style={heading}>{p.reminder === "due-in-3-days" ? "Payment due soon" : "Payment overdue"}</Text>
      <Text style={paragraph}>{`${p.clientName ? `Hello ${p.clientName}, ` : ""}${lead(p)}`}</Text>
      <Facts
        rows={[
          ["From", p.labelName],
          ["Invoice", p.invoiceNumber],
          ["Total", formatMoney(p.total)],
          ["Due", formatDocumentDay(p.dueDate, p.timeZone)],
        ]}
      />
      <InvoiceLink href={p.link} label={(p.payOnline ?? true) ? "View and pay online" : "View invoice"} />
      <Text style={paragraph}>If you have already paid, thank you, and please ignore this message.</Text>
    </EmailLayout>
  );
}

export const invoiceReminder: MessageTemplate<"invoice-reminder"> = {
  subject: (p) =>
    p.reminder === "due-in-3-days"
      ? `Reminder: invoice ${p.invoiceNumber} is due soon`
      : `Overdue: invoice ${p.invoiceNumber}`,
  Body: InvoiceReminder,
};
