import { Img, Section, Text } from "@react-email/components";
import QRCode, { type QRCodeToBufferOptions } from "qrcode";
import { formatEventDate, formatEventTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { payAtDoorText } from "@shared/ticket-reservations";
import type { OutboxParams, StoredAttachment } from "@shared/outbox";
import { renderTicketCalendar } from "../../../documents/ticket-calendar";
import { documentSlug } from "../../../documents/ticket-document";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"ticket-purchase-confirmation">;

/** The QR code is attached inline (cid:) so it shows without loading anything from the web. */
export const QR_CID = "ticket-qr";
/**
 * Whole pixels per module: crisp edges, and far cheaper to encode than a PNG scaled to a
 * given width (measured: a few ms against tens of ms per message).
 */
// Grayscale with the "up" filter: the same image as a colour PNG with adaptive filters, at half
// the size and half the rendering time (every ticket e-mail carries one).
// (qrcode hands rendererOpts to pngjs as they are; its types list only the deflate settings.)
export const QR_OPTIONS: QRCodeToBufferOptions = {
  type: "png",
  scale: 10,
  margin: 1,
  errorCorrectionLevel: "M",
  rendererOpts: { colorType: 0, filterType: 2 } as QRCodeToBufferOptions["rendererOpts"],
};

function TicketPurchaseConfirmation({ params: p, branding }: { params: Params; branding: Branding }) {
  const tickets = `${p.quantity} ticket${p.quantity === 1 ? "" : "s"}`;
  return (
    <EmailLayout branding={branding} preview={`Your ${tickets} for ${p.eventName}: ${p.confirmationCode}`}>
      <Text style={heading}>Your tickets for {p.eventName}</Text>
      {p.payAtDoor ? (
        // Taken while card payments were not configured: a reservation, paid at the door.
        <Text style={paragraph}>
          {`Your tickets are reserved; nothing has been charged. ${payAtDoorText(p.payAtDoor)}.`}
        </Text>
      ) : null}
      <Text style={paragraph}>
        {p.purchaseId
          ? `${p.payAtDoor ? "Thank you for your reservation." : "Thank you for your purchase."} Show the QR code below, or the attached PDF ticket, at the door. The attached invitation adds the event to your calendar.`
          : "Thank you for your purchase. Show the code below at the door."}
      </Text>
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
        <Img
          src={`cid:${QR_CID}`}
          alt={`QR code for confirmation code ${p.confirmationCode}`}
          width="200"
          height="200"
          style={{ margin: "0 auto" }}
        />
        <Text style={{ ...paragraph, fontFamily: "monospace", fontSize: "18px", letterSpacing: "2px" }}>
          {p.confirmationCode}
        </Text>
      </Section>
    </EmailLayout>
  );
}

const base64 = (content: Buffer | string) => Buffer.from(content).toString("base64");

export const ticketPurchaseConfirmation: MessageTemplate<"ticket-purchase-confirmation"> = {
  subject: (p) => `Your tickets for ${p.eventName} — ${p.confirmationCode}`,
  Body: TicketPurchaseConfirmation,
  async attachments(p, branding, { documents }) {
    // The door scans the signed token (docs/decisions/014-paid-tickets.md); messages queued
    // before there was one carry the confirmation code instead.
    const png = await QRCode.toBuffer(p.ticketToken ?? p.confirmationCode, QR_OPTIONS);
    const files: StoredAttachment[] = [
      { filename: "ticket-qr.png", contentType: "image/png", content: base64(png), cid: QR_CID },
    ];
    if (!p.purchaseId || !p.ticketToken) return files;
    const ticket = { ...p, purchaseId: p.purchaseId, ticketToken: p.ticketToken, holderName: p.holderName ?? "" };
    const name = `ticket-${documentSlug(p.eventName)}`;
    files.push(
      {
        filename: `${name}.pdf`,
        contentType: "application/pdf",
        content: base64(await documents.ticketPdf(ticket, branding.labelName)),
      },
      {
        filename: `${name}.ics`,
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: base64(renderTicketCalendar(ticket)),
      },
    );
    return files;
  },
};
