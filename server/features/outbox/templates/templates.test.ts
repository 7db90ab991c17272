import { afterAll, describe, expect, it } from "vitest";
import { createDocumentRenderer } from "../../../documents/document-renderer";
import QRCode from "qrcode";
import { signedTokens } from "../../../lib/signed-token";
import { signTicket } from "../../../lib/ticket-tokens";
import { pdfPageCount } from "../../../test/pdf-text";
import { QR_OPTIONS } from "./ticket-purchase-confirmation";
import type { Branding } from "./layout";
import { renderMessage as renderWith, RenderError } from "./render";
import { branded, INVOICE_DOCUMENT, label, SAMPLES } from "./templates.samples.test-support";

// Attachments are made by the same pool of document threads as in the app.
const documents = createDocumentRenderer({ threads: 1, cacheBytes: 0, readLogo: async () => null });
afterAll(() => documents.close());
const ticketTokens = signedTokens("templates-test-session-secret-0123456789", "ticket");
const renderMessage = (template: string, params: unknown, branding: Branding) =>
  renderWith(template, params, branding, { documents, ticketTokens });

describe("message templates", () => {
  for (const [template, sample] of Object.entries(SAMPLES)) {
    it(`${template} renders its subject, HTML and plain text with every fact`, async () => {
      const message = await renderMessage(template, sample.params, label);
      expect(message.subject).toBe(sample.subject);
      expect(message.html).toMatch(/^<!DOCTYPE html/);
      expect(message.html).toContain("Label Records");
      for (const fact of sample.facts) {
        expect(message.html).toContain(fact.replace("'", "&#x27;"));
        expect(message.text).toContain(fact);
      }
      expect(message.text).not.toMatch(/<[a-z]/i);
    });
  }

  it("tells the buyer of a reservation taken without card payments to pay at the door", async () => {
    const params = { ...SAMPLES["ticket-purchase-confirmation"].params, purchaseId: "p1", payAtDoor: "50.00" };
    const message = await renderMessage("ticket-purchase-confirmation", params, label);
    for (const text of [message.text, message.html]) {
      expect(text).toContain("Pay at the door: $50.00");
      expect(text).toContain("nothing has been charged");
      expect(text).not.toContain("Thank you for your purchase");
    }
    const paid = await renderMessage("ticket-purchase-confirmation", { ...params, payAtDoor: null }, label);
    expect(paid.text).not.toContain("Pay at the door");
    expect(paid.text).toContain("Thank you for your purchase");
  });

  it("shows the label's own name and logo when an administrator has set them", async () => {
    const message = await renderMessage(
      "merchandise-order-confirmation",
      SAMPLES["merchandise-order-confirmation"].params,
      branded,
    );
    expect(message.subject).toBe("Your order from Night Owl Records: 2 × Logo Hoodie");
    expect(message.html).toContain("Night Owl Records");
    expect(message.html).toContain('src="https://label.test/objects/uploads/logo"');
    expect(message.html).not.toContain("Label Records");
  });

  it("attaches the ticket's QR code inline and refers to it by cid", async () => {
    const message = await renderMessage(
      "ticket-purchase-confirmation",
      SAMPLES["ticket-purchase-confirmation"].params,
      label,
    );
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({
      filename: "ticket-qr.png",
      contentType: "image/png",
      cid: "ticket-qr",
    });
    expect(Buffer.from(message.attachments[0].content, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(message.html).toContain('src="cid:ticket-qr"');
  });

  it("shows each ticket of an order with its own QR code, number and code, and attaches a page per ticket", async () => {
    const purchaseId = "6f1c2a4e-0d7b-4c1e-9a51-0c3f4d2b8e71";
    const params = { ...SAMPLES["ticket-purchase-confirmation"].params, purchaseId, holderName: "Ada" };
    const message = await renderMessage("ticket-purchase-confirmation", params, label);

    const images = message.attachments.filter((a) => a.cid);
    expect(images.map((a) => a.cid)).toEqual(["ticket-qr-1", "ticket-qr-2", "ticket-qr-3"]);
    for (const [i, image] of images.entries()) {
      const expected = await QRCode.toBuffer(signTicket(ticketTokens, purchaseId, i + 1), QR_OPTIONS);
      expect(Buffer.from(image.content, "base64").equals(expected)).toBe(true);
      expect(message.html).toContain(`src="cid:${image.cid}"`);
      expect(message.text).toContain(`Ticket ${i + 1} of 3`);
      expect(message.text).toContain(`ABCDEFGH23-${i + 1}`);
    }
    const pdf = message.attachments.find((a) => a.contentType === "application/pdf")!;
    expect(pdfPageCount(Buffer.from(pdf.content, "base64"))).toBe(3);
  });

  it("points a large order to its PDF rather than showing dozens of QR codes", async () => {
    const params = {
      ...SAMPLES["ticket-purchase-confirmation"].params,
      quantity: 12,
      purchaseId: "6f1c2a4e-0d7b-4c1e-9a51-0c3f4d2b8e71",
    };
    const message = await renderMessage("ticket-purchase-confirmation", params, label);
    expect(message.attachments.filter((a) => a.cid)).toEqual([]);
    expect(message.text).toContain("Your 12 tickets are in the attached PDF, one page per ticket.");
    const pdf = message.attachments.find((a) => a.contentType === "application/pdf")!;
    expect(pdfPageCount(Buffer.from(pdf.content, "base64"))).toBe(12);
  });

  it("sets each fact's label above its value on a phone, and beside it in its own column elsewhere", async () => {
    const message = await renderMessage(
      "ticket-purchase-confirmation",
      SAMPLES["ticket-purchase-confirmation"].params,
      label,
    );
    const narrow = message.html.slice(message.html.indexOf("@media only screen and (max-width: 480px)"));
    expect(narrow).toMatch(/^@media[^@]*\.fact-label, \.fact-value \{ display: block !important/);
    expect(message.html).toMatch(
      /<td class="fact-label"[^>]*>Venue<span class="fact-colon">:<\/span> <\/td><td class="fact-value"/,
    );
    expect(message.text).toContain("Venue: Warehouse 9\n");
  });

  it("attaches the invoice as a PDF rendered from the invoice as it was sent", async () => {
    const message = await renderMessage("invoice-sent", SAMPLES["invoice-sent"].params, label);
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({ filename: "invoice-INV-7.pdf", contentType: "application/pdf" });
    const pdf = Buffer.from(message.attachments[0].content, "base64");
    expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
  });

  it("ends an invoice's e-mails with a footer about the invoice, and puts its link on a button with room around it", async () => {
    for (const template of ["invoice-sent", "invoice-reminder"] as const) {
      const message = await renderMessage(template, SAMPLES[template].params, label);
      expect(message.text).toContain("You receive this e-mail because Nova Music sent you invoice INV-7.");
      expect(message.text).not.toMatch(/your order/i);
      expect(message.html).toMatch(
        /<table[^>]*style="[^"]*margin:28px 0 24px[^"]*"[\s\S]*?<a href="https:\/\/label\.test\/pay\/abc\.def"/,
      );
      expect(message.text).toContain("Or open this link: https://label.test/pay/abc.def");
    }
  });

  it("mentions paying online only when the invoice can be paid online, and shows the payment instructions otherwise", async () => {
    const document = { ...INVOICE_DOCUMENT, paymentInstructions: "IBAN DE89 3704 0044" };
    const offline = await renderMessage(
      "invoice-sent",
      { ...SAMPLES["invoice-sent"].params, document, payOnline: false },
      label,
    );
    expect(offline.text).not.toMatch(/pay online|and pay/i);
    expect(offline.text).toContain("How to pay");
    expect(offline.text).toContain("IBAN DE89 3704 0044");
    const online = await renderMessage("invoice-sent", { ...SAMPLES["invoice-sent"].params, payOnline: true }, label);
    expect(online.text).toContain("View and pay online");
    const reminder = { ...SAMPLES["invoice-reminder"].params, payOnline: false };
    expect((await renderMessage("invoice-reminder", reminder, label)).text).not.toMatch(/pay online|and pay/i);
  });

  it("writes the member's own subject and message as plain text, each paragraph and line as typed", async () => {
    const params = {
      ...SAMPLES["invoice-sent"].params,
      subject: "March <sessions>",
      message: "Hi Rosa,\n\n<i>Thanks</i> & bye\nNova",
    };
    const message = await renderMessage("invoice-sent", params, label);
    expect(message.subject).toBe("INV-7 — March <sessions>");
    expect(message.html).toContain("&lt;i&gt;Thanks&lt;/i&gt; &amp; bye<br/>Nova");
    expect(message.html).not.toContain("<i>");
    expect(message.text).toContain("Hi Rosa,");
    expect(message.text).toContain("<i>Thanks</i> & bye\nNova");
  });

  it("tells a vendor of a cancelled booking without the show or a reason when there are none", async () => {
    const params = { ...SAMPLES["vendor-booking-cancelled"].params, reason: null, show: null };
    const message = await renderMessage("vendor-booking-cancelled", params, label);
    expect(message.subject).toBe("Cancelled: your Premium Spot");
    expect(message.text).toContain("$300.00 is being refunded");
    expect(message.text).not.toContain("Reason:");
    expect(message.text).not.toContain("Location:");
  });

  it("escapes what buyers and vendors typed", async () => {
    const params = { ...SAMPLES["vendor-booking-admin-notice"].params, businessName: '<script>alert("x")</script>' };
    const message = await renderMessage("vendor-booking-admin-notice", params, label);
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("&lt;script&gt;");
  });

  it("shows a music download's cover beside its link when it has one, and reads the same as plain text", async () => {
    const cover = "https://label.test/objects/uploads/0b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69";
    const item = { title: "Night Drive", artist: "Nova Reign", link: "https://label.test/downloads/abc" };
    const other = { title: "Salt Lines", artist: "Mara Quill", link: "https://label.test/downloads/def" };
    const params = {
      reason: "resend",
      items: [
        { ...item, coverUrl: cover },
        { ...other, coverUrl: null },
      ],
    };
    const message = await renderMessage("store-downloads", params, label);
    // The title is on the button beside it, so the image adds no words of its own.
    expect(message.html).toMatch(new RegExp(`<img alt="" [^>]*src="${cover}"`));
    expect(message.html.match(/<img /g)).toHaveLength(1);
    expect(message.html).toContain("Download Salt Lines by Mara Quill");
    // A message queued before covers (no coverUrl at all) still renders; the plain text is the same.
    const before = await renderMessage("store-downloads", { reason: "resend", items: [item, other] }, label);
    expect(before.html).not.toContain("<img ");
    expect(message.text).toBe(before.text);
  });

  it("refuses an unknown template or parameters of the wrong shape", async () => {
    await expect(renderMessage("no-such-template", {}, label)).rejects.toThrow(RenderError);
    await expect(renderMessage("merchandise-order-confirmation", { itemName: "Hoodie" }, label)).rejects.toThrow(
      /Parameters do not fit/,
    );
  });
});
