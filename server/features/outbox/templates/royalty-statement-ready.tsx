import { Text } from "@react-email/components";
import { formatDayRange } from "@shared/dates";
import { formatSignedMoney } from "@shared/formats";
import type { OutboxParams } from "@shared/outbox";
import { InvoiceLink } from "./invoice-link";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Ready = OutboxParams<"royalty-statement-ready">;

/** "January 1 – March 31, 2026". */
const periodOf = (p: Ready) => formatDayRange(p.periodStart, p.periodEnd);

/** The statement's figures, where the message carries them (older ones do not). */
function figures(p: Ready): [string, string][] {
  const rows: [string, string][] = [["Period", periodOf(p)]];
  if (p.earned !== undefined) rows.push(["Earned this period", formatSignedMoney(p.earned)]);
  if (p.payable !== undefined) rows.push(["Payable to you", formatSignedMoney(p.payable)]);
  return rows;
}

/**
 * To the payee alone (their own address, the one their statements are read with): the period
 * in words, what they earned and what is payable, and why it came to them.
 */
function RoyaltyStatementReady({ params: p, branding }: { params: Ready; branding: Branding }) {
  const label = branding.labelName;
  return (
    <EmailLayout
      branding={branding}
      preview={`Your royalty statement for ${periodOf(p)} is ready`}
      footer={`You receive this e-mail because you are a payee of ${label}: it pays you royalties on the music you share in, and tells you when each statement is ready.`}
    >
      <Text style={heading}>Your royalty statement is ready</Text>
      <Text style={paragraph}>
        {`Hello ${p.payeeName}, ${label} has closed the period ${periodOf(p)} and your statement for it is ready.`} Sign
        in to read it and download its PDF and lines.
      </Text>
      <Facts rows={figures(p)} />
      <InvoiceLink href={p.link} label="Open your royalties" />
    </EmailLayout>
  );
}

export const royaltyStatementReady: MessageTemplate<"royalty-statement-ready"> = {
  subject: (p) => `Your royalty statement for ${periodOf(p)} is ready`,
  Body: RoyaltyStatementReady,
};
