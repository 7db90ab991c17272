import type { ReactNode } from "react";
import { Body, Container, Head, Hr, Html, Img, Preview, Section, Text } from "@react-email/components";

/** The label as the messages present it: its settings when an admin has set them. */
export interface Branding {
  labelName: string;
  /** Absolute URL of the logo, or null for none. */
  logoUrl: string | null;
}

const page = { backgroundColor: "#f4f4f5", fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" };
const card = { backgroundColor: "#ffffff", borderRadius: "8px", margin: "0 auto", maxWidth: "560px", padding: "32px" };
const brandName = { color: "#18181b", fontSize: "18px", fontWeight: 700, margin: 0 };
const footer = { color: "#71717a", fontSize: "12px", lineHeight: "18px", margin: 0 };

const NARROW_SCREEN_CSS = `@media only screen and (max-width: 480px) {
  .email-card { padding: 20px !important; }
  .fact-label, .fact-value { display: block !important; width: auto !important; }
  .fact-label { padding: 0 !important; }
  .fact-colon { display: none !important; }
}`;

/**
 * Every message's frame: the label's logo and name on top, a short footer below. `footer`
 * replaces the orders' footer where the message is about something else (an invoice).
 */
export function EmailLayout({
  branding,
  preview,
  footer: footerText,
  children,
}: {
  branding: Branding;
  preview: string;
  footer?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        {/* Phones: the facts' labels sit above their values instead of beside them (mail apps
            that ignore this keep them side by side, which wide screens fit). */}
        <style dangerouslySetInnerHTML={{ __html: NARROW_SCREEN_CSS }} />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card} className="email-card">
          <Section>
            {branding.logoUrl ? (
              <Img
                src={branding.logoUrl}
                alt=""
                width="40"
                height="40"
                style={{ borderRadius: "6px", marginBottom: "8px" }}
              />
            ) : null}
            <Text style={brandName}>{branding.labelName}</Text>
          </Section>
          <Hr style={{ borderColor: "#e4e4e7", margin: "20px 0" }} />
          {children}
          <Hr style={{ borderColor: "#e4e4e7", margin: "24px 0 16px" }} />
          <Text style={footer}>
            {footerText ??
              `You receive this e-mail because of your order with ${branding.labelName}. Keep it for your records.`}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * Why an e-mail came, said in its footer where "your order" would be wrong: to the
 * administrators, about the shop or a booking (docs/decisions/048-documents-that-read-right.md).
 */
export const adminFooter = (labelName: string) =>
  `You receive this e-mail because you are an administrator of ${labelName}.`;

export const heading = { color: "#18181b", fontSize: "22px", fontWeight: 700, lineHeight: "28px", margin: "0 0 12px" };
export const paragraph = { color: "#27272a", fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" };

/**
 * A two-column list of facts ("Date: Sunday, March 14, 2027"), readable as plain text too (one
 * line per fact): a long value wraps within its own column, and on a phone each label stands
 * above its value (NARROW_SCREEN_CSS) rather than squeezing it. One table per fact, so the
 * plain text keeps a line for each.
 */
export function Facts({ rows }: { rows: [string, string][] }) {
  const cell = { ...paragraph, margin: 0, padding: "0 0 8px", verticalAlign: "top" };
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      {rows.map(([label, value]) => (
        <table
          key={label}
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ borderCollapse: "collapse" }}
        >
          <tbody>
            <tr>
              <td className="fact-label" style={{ ...cell, color: "#71717a", paddingRight: "12px", width: "140px" }}>
                {label}
                <span className="fact-colon">:</span>{" "}
              </td>
              <td className="fact-value" style={{ ...cell, fontWeight: 700 }}>
                {value}
              </td>
            </tr>
          </tbody>
        </table>
      ))}
    </Section>
  );
}
