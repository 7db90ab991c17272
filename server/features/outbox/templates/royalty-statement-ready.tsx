import { Text } from "@react-email/components";
import type { OutboxParams } from "@shared/outbox";
import { InvoiceLink } from "./invoice-link";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Ready = OutboxParams<"royalty-statement-ready">;

const periodOf = (p: Ready) => `${p.periodStart} to ${p.periodEnd}`;

/** No figures in the e-mail: the statement is read signed in, where only its payee can see it. */
function RoyaltyStatementReady({ params: p, branding }: { params: Ready; branding: Branding }) {
  return (
    <EmailLayout branding={branding} preview={`Your royalty statement for ${periodOf(p)} is ready`}>
      <Text style={heading}>Your royalty statement is ready</Text>
      <Text style={paragraph}>
        {`Hello ${p.payeeName}, ${branding.labelName} has closed the period ${periodOf(p)}.`} Sign in to read your
        statement and download its PDF and lines.
      </Text>
      <Facts rows={[["Period", periodOf(p)]]} />
      <InvoiceLink href={p.link} label="Open your royalties" />
    </EmailLayout>
  );
}

export const royaltyStatementReady: MessageTemplate<"royalty-statement-ready"> = {
  subject: (p) => `Your royalty statement for ${periodOf(p)} is ready`,
  Body: RoyaltyStatementReady,
};
