import { Img, Section, Text } from "@react-email/components";
import QRCode, { type QRCodeToBufferOptions } from "qrcode";
import { formatDay, formatTime } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { payAtDoorText } from "@shared/ticket-reservations";
import { ticketCode } from "@shared/tickets";
import type { OutboxParams, StoredAttachment } from "@shared/outbox";
import { renderTicketCalendar } from "../../../documents/ticket-calendar";
import { documentSlug } from "../../../documents/ticket-document";
import { signOrderTickets } from "../../../lib/ticket-tokens";
import { EmailLayout, Facts, heading, paragraph, type Branding } from "./layout";
import type { MessageTemplate } from "./message-template";

type Params = OutboxParams<"ticket-purchase-confirmation">;

/** The QR codes are attached inline (cid:) so they show without loading anything from the web. */
export const QR_CID = "ticket-qr";
/** Ticket n's QR code in the message. */
export const ticketQrCid = (position: number) => `${QR_CID}-${position}`;
/**
 * Orders up to this many tickets show each ticket's QR code in the message; larger ones point to
 * the PDF, one page per ticket, rather than make a message of dozens of images.
 */
export const INLINE_QR_LIMIT = 10;
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

const plural = (n: number) => `${n} ticket${n === 1 ? "" : "s"}`;
const code = { ...paragraph, fontFamily: "monospace", fontSize: "18px", letterSpacing: "2px" };

/** Each ticket's QR code with its number and typed code, one under the other (phones first). */
function TicketCodes({ p }: { p: Params }) {
  if (!p.purchaseId) {
    // Queued before tickets carried a signed QR code: the order's code alone.
    return (
      <Section style={{ textAlign: "center", margin: "8px 0" }}>
        <Img
          src={`cid:${QR_CID}`}
          alt={`QR code for confirmation code ${p.confirmationCode}`}
          width="200"
          height="200"
          style={{ margin: "0 auto" }}
        />
        <Text style={code}>{p.confirmationCode}</Text>
      </Section>
    );
  }
  if (p.quantity > INLINE_QR_LIMIT) {
    return <Text style={paragraph}>{`Your ${plural(p.quantity)} are in the attached PDF, one page per ticket.`}</Text>;
  }
  return (
    <>
      {Array.from({ length: p.quantity }, (_, i) => i + 1).map((position) => (
        <Section key={position} style={{ textAlign: "center", margin: "8px 0 16px" }}>
          <Text style={{ ...paragraph, fontWeight: 700, margin: "0 0 4px" }}>
            {`Ticket ${position} of ${p.quantity}`}
          </Text>
          <Img
            src={`cid:${ticketQrCid(position)}`}
            alt={`QR code for ticket ${ticketCode(p.confirmationCode, position)}`}
            width="180"
            height="180"
            style={{ margin: "0 auto" }}
          />
          <Text style={code}>{ticketCode(p.confirmationCode, position)}</Text>
        </Section>
      ))}
    </>
  );
}

function TicketPurchaseConfirmation({ params: p, branding }: { params: Params; branding: Branding }) {
  const tickets = plural(p.quantity);
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
          ? `${p.payAtDoor ? "Thank you for your reservation." : "Thank you for your purchase."} Each ticket has its own QR code and admits one person: show it below, or its page of the attached PDF, at the door. The attached invitation adds the event to your calendar.`
          : "Thank you for your purchase. Show the code below at the door."}
      </Text>
      <Facts
        rows={[
          ["Event", `${p.eventName} — ${p.artist}`],
          ["Date", formatDay(p.date, null, "long")],
          ["Time", formatTime(p.time, null)],
          ["Venue", p.venue],
          ["Quantity", tickets],
          ...(p.promoCode && p.discount
            ? [["Promo code", `${p.promoCode} (−${formatMoney(p.discount)})`] as [string, string]]
            : []),
          ["Total", formatMoney(p.total)],
          ["Confirmation code", p.confirmationCode],
        ]}
      />
      <TicketCodes p={p} />
    </EmailLayout>
  );
}

const base64 = (content: Buffer | string) => Buffer.from(content).toString("base64");

export const ticketPurchaseConfirmation: MessageTemplate<"ticket-purchase-confirmation"> = {
  subject: (p) => `Your tickets for ${p.eventName} — ${p.confirmationCode}`,
  Body: TicketPurchaseConfirmation,
  async attachments(p, branding, { documents, ticketTokens }) {
    if (!p.purchaseId) {
      const png = await QRCode.toBuffer(p.confirmationCode, QR_OPTIONS);
      return [{ filename: "ticket-qr.png", contentType: "image/png", content: base64(png), cid: QR_CID }];
    }
    // Each ticket's QR code holds its own signed reference, made from the order's id here at
    // delivery (docs/decisions/030-one-code-per-ticket.md).
    const signed = signOrderTickets(ticketTokens, p.purchaseId, p.quantity);
    const files: StoredAttachment[] = [];
    if (p.quantity <= INLINE_QR_LIMIT) {
      for (const { position, token } of signed) {
        const png = await QRCode.toBuffer(token, QR_OPTIONS);
        files.push({
          filename: `ticket-${position}-qr.png`,
          contentType: "image/png",
          content: base64(png),
          cid: ticketQrCid(position),
        });
      }
    }
    const ticket = {
      ...p,
      purchaseId: p.purchaseId,
      holderName: p.holderName ?? "",
      tickets: signed.map(({ position, token }) => ({
        position,
        code: ticketCode(p.confirmationCode, position),
        token,
      })),
    };
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
