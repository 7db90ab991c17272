import { Img, Section, Text } from "@react-email/components";
import QRCode from "qrcode";
import { formatEventDate, formatEventTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { OutboxParams } from "@shared/outbox";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"ticket-purchase-confirmation">;

/** The QR code is attached inline (cid:) so it shows without loading anything from the web. */
export const QR_CID = "ticket-qr";
/**
 * Whole pixels per module: crisp edges, and far cheaper to encode than a PNG scaled to a
 * given width (measured: a few ms against tens of ms per message).
 */
export const QR_OPTIONS = { type: "png", scale: 10, margin: 1, errorCorrectionLevel: "M" } as const;

function TicketPurchaseConfirmation({ params: p, branding }: { params: Params; branding: Branding }) {
  const tickets = `${p.quantity} ticket${p.quantity === 1 ? "" : "s"}`;
  return (
    <EmailLayout branding={branding} preview={`Your ${tickets} for ${p.eventName}: ${p.confirmationCode}`}>
      <Text style={heading}>Your tickets for {p.eventName}</Text>
      <Text style={paragraph}>Thank you for your purchase. Show the code below at the door.</Text>
      <Facts
        rows={[
          ["Event", `${p.eventName} — ${p.artist}`],
          ["Date", formatEventDate(p.date)],
          ["Time", formatEventTime(p.time)],
          ["Venue", p.venue],
          ["Quantity", tickets],
          ["Total", formatMoney(p.total)],
          ["Confirmation code", p.confirmationCode],
        ]}
      />
      <Section style={{ textAlign: "center", margin: "8px 0" }}>
        <Img src={`cid:${QR_CID}`} alt={`QR code for confirmation code ${p.confirmationCode}`} width="200" height="200" style={{ margin: "0 auto" }} />
        <Text style={{ ...paragraph, fontFamily: "monospace", fontSize: "18px", letterSpacing: "2px" }}>{p.confirmationCode}</Text>
      </Section>
    </EmailLayout>
  );
}

export const ticketPurchaseConfirmation: MessageTemplate<"ticket-purchase-confirmation"> = {
  subject: (p) => `Your tickets for ${p.eventName} — ${p.confirmationCode}`,
  Body: TicketPurchaseConfirmation,
  async attachments(p) {
    const png = await QRCode.toBuffer(p.confirmationCode, QR_OPTIONS);
    return [{ filename: "ticket-qr.png", contentType: "image/png", content: png.toString("base64"), cid: QR_CID }];
  },
};
