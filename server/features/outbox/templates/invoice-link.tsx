import { Button, Section, Text } from "@react-email/components";
import { paragraph } from "./layout";

export const linkButton = {
  backgroundColor: "#18181b",
  borderRadius: "6px",
  color: "#ffffff",
  display: "inline-block",
  fontSize: "15px",
  fontWeight: 600,
  lineHeight: "20px",
  padding: "12px 24px",
};

const linkText = {
  ...paragraph,
  color: "#71717a",
  fontSize: "13px",
  lineHeight: "20px",
  wordBreak: "break-all" as const,
};

/**
 * The invoice's link as a button with room around it (a thumb finds it on a phone), and the
 * address itself below for mail clients that show no buttons.
 */
export function InvoiceLink({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: "28px 0 24px" }}>
      <Button href={href} style={linkButton}>
        {label}
      </Button>
      <Text style={{ ...linkText, margin: "16px 0 0" }}>
        Or open this link: <span>{href}</span>
      </Text>
    </Section>
  );
}

/** The footer of an e-mail a member's client receives about an invoice. */
export function invoiceFooter(issuer: string, invoiceNumber: string): string {
  return `You receive this e-mail because ${issuer} sent you invoice ${invoiceNumber}. Questions about it? Reply to this e-mail to reach ${issuer}.`;
}
