import { Button, Text } from "@react-email/components";
import { formatDocumentDay } from "@shared/invoice-document";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"invoice-sent">;

export const linkButton = {
  backgroundColor: "#18181b",
  borderRadius: "6px",
  color: "#ffffff",
  fontSize: "15px",
  padding: "12px 20px",
};

function InvoiceSent({ params: { document: d, link }, branding }: { params: Params; branding: Branding }) {
  return (
    <EmailLayout
      branding={branding}
      preview={`Invoice ${d.invoiceNumber} from ${d.labelName}: ${formatMoney(d.total)}`}
    >
      <Text style={heading}>Invoice {d.invoiceNumber}</Text>
      <Text style={paragraph}>
        {d.labelName} sent you an invoice. The PDF is attached; you can also view it, download it and pay online.
      </Text>
      <Facts
        rows={[
          ["Total", formatMoney(d.total)],
          ["Issued", formatDocumentDay(d.issueDate, d.timeZone)],
          ["Due", formatDocumentDay(d.dueDate, d.timeZone)],
        ]}
      />
      <Button href={link} style={linkButton}>
        View invoice
      </Button>
      <Text style={paragraph}>{link}</Text>
    </EmailLayout>
  );
}

export const invoiceSent: MessageTemplate<"invoice-sent"> = {
  subject: ({ document: d }) => `Invoice ${d.invoiceNumber} from ${d.labelName}`,
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
