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
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
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

export const heading = { color: "#18181b", fontSize: "22px", fontWeight: 700, lineHeight: "28px", margin: "0 0 12px" };
export const paragraph = { color: "#27272a", fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" };

/** A two-column list of facts ("Date: Sunday, March 14, 2027"), readable as plain text too. */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <Section style={{ margin: "8px 0 16px" }}>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ ...paragraph, margin: "0 0 6px" }}>
          <span style={{ color: "#71717a", display: "inline-block", minWidth: "130px" }}>{label}:</span>{" "}
          <strong>{value}</strong>
        </Text>
      ))}
    </Section>
  );
}
