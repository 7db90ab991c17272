import { afterAll, describe, expect, it } from "vitest";
import type { OutboxParams, OutboxTemplate } from "@shared/outbox";
import type { InvoiceDocument } from "@shared/invoice-document";
import { createDocumentRenderer } from "../../../documents/document-renderer";
import QRCode from "qrcode";
import { signedTokens } from "../../../lib/signed-token";
import { signTicket } from "../../../lib/ticket-tokens";
import { pdfPageCount } from "../../../test/pdf-text";
import { QR_OPTIONS } from "./ticket-purchase-confirmation";
import type { Branding } from "./layout";
import { renderMessage as renderWith, RenderError } from "./render";

// Attachments are made by the same pool of document threads as in the app.
const documents = createDocumentRenderer({ threads: 1, cacheBytes: 0, readLogo: async () => null });
afterAll(() => documents.close());
const ticketTokens = signedTokens("templates-test-session-secret-0123456789", "ticket");
const renderMessage = (template: string, params: unknown, branding: Branding) =>
  renderWith(template, params, branding, { documents, ticketTokens });

const INVOICE_DOCUMENT: InvoiceDocument = {
  labelName: "Nova Music",
  invoiceNumber: "INV-7",
  issueDate: "2031-03-14T12:00:00.000Z",
  dueDate: "2031-04-13T12:00:00.000Z",
  status: "sent",
  from: { name: "Nova Music", email: null, address: null, phone: null },
  billTo: { name: "Rosa", email: "rosa@client.test", address: null, phone: null },
  items: [{ description: "Mixing", quantity: 2, unitPrice: "50.00", total: "100.00" }],
  subtotal: "100.00",
  tax: "7.50",
  taxLabel: "Tax (7.50%)",
  total: "107.50",
  notes: null,
};

const label = { labelName: "Label Records", logoUrl: null };
const branded = { labelName: "Night Owl Records", logoUrl: "https://label.test/objects/uploads/logo" };

/** One sample per template: a template added without a sample here does not compile. */
const SAMPLES: { [T in OutboxTemplate]: { params: OutboxParams<T>; subject: string; facts: string[] } } = {
  "ticket-purchase-confirmation": {
    params: {
      eventName: "Neon Nights",
      artist: "Nova Reign",
      date: "2031-03-14",
      time: "20:00",
      venue: "Warehouse 9",
      quantity: 3,
      total: "75.00",
      confirmationCode: "ABCDEFGH23",
    },
    subject: "Your tickets for Neon Nights — ABCDEFGH23",
    facts: [
      "Neon Nights — Nova Reign",
      "Friday, March 14, 2031",
      "8:00 PM",
      "Warehouse 9",
      "3 tickets",
      "$75.00",
      "ABCDEFGH23",
    ],
  },
  "ticket-order-cancelled": {
    params: {
      eventName: "Neon Nights",
      artist: "Nova Reign",
      date: "2031-03-14",
      time: "20:00",
      venue: "Warehouse 9",
      quantity: 2,
      confirmationCode: "ABCDEFGH23",
      reason: "event-cancelled",
      refund: "50.00",
    },
    subject: "Cancelled: your tickets for Neon Nights — ABCDEFGH23",
    facts: [
      "Neon Nights has been cancelled.",
      "$50.00 is being refunded",
      "Friday, March 14, 2031",
      "Warehouse 9",
      "2 tickets",
      "ABCDEFGH23",
    ],
  },
  "vendor-booking-confirmation": {
    params: {
      vendorName: "Rosa Diaz",
      businessName: "Rosa's Tacos",
      spotType: "deluxe",
      amount: "500.00",
      artistName: "Marisol Vega",
      date: "2030-06-01",
      time: "18:30",
      location: "Pier 4",
    },
    subject: "Deluxe Spot booked: Marisol Vega, Sat, Jun 1, 2030",
    facts: [
      "Rosa Diaz",
      "Rosa's Tacos",
      "Deluxe Spot",
      "$500.00",
      "Marisol Vega",
      "Sat, Jun 1, 2030",
      "6:30 PM",
      "Pier 4",
    ],
  },
  "vendor-booking-admin-notice": {
    params: {
      vendorName: "Rosa Diaz",
      vendorEmail: "rosa@tacos.test",
      vendorPhone: "+1 555 0100",
      businessName: "Rosa's Tacos",
      foodType: "Mexican",
      spotType: "standard",
      amount: "150.00",
      artistName: "Marisol Vega",
      date: "2030-06-01",
      time: "18:30",
      location: "Pier 4",
    },
    subject: "New vendor booking: Rosa's Tacos (Standard Spot), Marisol Vega",
    facts: ["Rosa's Tacos", "Mexican", "rosa@tacos.test", "+1 555 0100", "Standard Spot", "$150.00", "Pier 4"],
  },
  "vendor-booking-cancelled": {
    params: {
      vendorName: "Rosa Diaz",
      businessName: "Rosa's Tacos",
      spotType: "premium",
      amountRefunded: "300.00",
      reason: "The show moved indoors",
      show: { artistName: "Marisol Vega", date: "2030-06-01", time: "18:30", location: "Pier 4" },
    },
    subject: "Cancelled: your Premium Spot at Marisol Vega, Sat, Jun 1, 2030",
    facts: [
      "Rosa Diaz",
      "Rosa's Tacos",
      "Premium Spot",
      "$300.00",
      "The show moved indoors",
      "Marisol Vega",
      "Sat, Jun 1, 2030",
      "6:30 PM",
      "Pier 4",
    ],
  },
  "merchandise-order-confirmation": {
    params: { itemName: "Logo Hoodie", quantity: 2, unitPrice: "45.00", total: "90.00" },
    subject: "Your order from Label Records: 2 × Logo Hoodie",
    facts: ["Logo Hoodie", "2", "$45.00", "$90.00"],
  },
  "merchandise-order-placed": {
    params: {
      orderNumber: 1042,
      lines: [
        {
          itemName: "Tour Shirt",
          options: { Size: "M", Colour: "Black" },
          quantity: 2,
          unitPrice: "20.00",
          shipsFrom: null,
        },
        { itemName: "Tote Bag", options: {}, quantity: 1, unitPrice: "12.50", shipsFrom: "2031-02-01" },
      ],
      subtotal: "52.50",
      shipping: "7.00",
      tax: "11.90",
      total: "71.40",
      address: {
        name: "Ada Fan",
        line1: "1 Main St",
        line2: null,
        city: "New York",
        region: "NY",
        postalCode: "10001",
        country: "US",
      },
      link: "https://label.test/orders/abc.def",
    },
    subject: "Your order #1042 from Label Records",
    facts: [
      "2 × Tour Shirt (Size: M, Colour: Black)",
      "ships from Feb 1, 2031",
      "$52.50",
      "$7.00",
      "$11.90",
      "$71.40",
      // In the country's order: a US address has the city, the state and the ZIP code on one line.
      "New York, NY 10001",
      "United States",
      "https://label.test/orders/abc.def",
    ],
  },
  "merchandise-order-shipped": {
    params: {
      order: "order #1001",
      carrier: "UPS",
      trackingNumber: "1Z999",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999",
      lines: [{ name: "Logo Hoodie (M / Black)", sku: "HOOD-M-BLK", quantity: 2 }],
      link: "https://label.test/orders/abc.def",
    },
    subject: "Your order has shipped: order #1001",
    facts: ["Logo Hoodie (M / Black)", "HOOD-M-BLK", "UPS", "https://www.ups.com/track?tracknum=1Z999"],
  },
  "merchandise-order-refunded": {
    params: {
      order: "order #1001",
      amount: "48.60",
      cancelled: false,
      lines: [{ name: "Logo Hoodie (M / Black)", sku: "HOOD-M-BLK", quantity: 1 }],
      link: "https://label.test/orders/abc.def",
    },
    subject: "Your return is refunded: order #1001",
    facts: ["Logo Hoodie (M / Black)", "$48.60"],
  },
  "merchandise-return-rejected": {
    params: {
      order: "order #1001",
      lines: [{ name: "Logo Hoodie (M / Black)", sku: "HOOD-M-BLK", quantity: 1 }],
      reason: "Worn and washed",
      link: "https://label.test/orders/abc.def",
    },
    subject: "Your return was not accepted: order #1001",
    facts: ["Logo Hoodie (M / Black)", "Worn and washed", "https://label.test/orders/abc.def"],
  },
  "merchandise-return-requested": {
    params: {
      order: "order #1001",
      customerEmail: "fan@example.test",
      lines: [{ name: "Logo Hoodie (M / Black)", sku: "HOOD-M-BLK", quantity: 2 }],
      reason: "Too small",
      link: "https://label.test/merchandise",
    },
    subject: "Return requested: order #1001 (fan@example.test)",
    facts: ["2 × Logo Hoodie (M / Black)", "fan@example.test", "Too small", "https://label.test/merchandise"],
  },
  "merchandise-low-stock": {
    params: {
      itemName: "Logo Hoodie",
      variant: "M / Black",
      sku: "HOODIE-M-BLACK",
      stockQuantity: 3,
      threshold: 3,
      link: "https://label.test/merch/abc",
    },
    subject: "Low stock: Logo Hoodie (M / Black), 3 left",
    facts: ["Logo Hoodie (M / Black)", "HOODIE-M-BLACK", "3", "https://label.test/merch/abc"],
  },
  "merchandise-back-in-stock": {
    params: { itemName: "Logo Hoodie", variant: "L", link: "https://label.test/merch/abc" },
    subject: "Back in stock at Label Records: Logo Hoodie (L)",
    facts: ["Logo Hoodie (L)", "https://label.test/merch/abc"],
  },
  "merchandise-stock-confirm": {
    params: {
      itemName: "Logo Hoodie",
      variant: "L",
      confirmLink: "https://label.test/api/merchandise/stock-requests/confirm/a.b",
    },
    subject: "Confirm: e-mail you when Logo Hoodie (L) is back at Label Records?",
    facts: ["Logo Hoodie (L)", "https://label.test/api/merchandise/stock-requests/confirm/a.b", "typed into the item"],
  },
  "invoice-sent": {
    params: { document: INVOICE_DOCUMENT, link: "https://label.test/pay/abc.def" },
    subject: "INV-7 — Invoice from Nova Music",
    facts: ["Nova Music", "$107.50", "Mar 14, 2031", "Apr 13, 2031", "https://label.test/pay/abc.def"],
  },
  "invoice-reminder": {
    params: {
      labelName: "Nova Music",
      invoiceNumber: "INV-7",
      clientName: "Rosa",
      total: "107.50",
      dueDate: "2031-04-13T12:00:00.000Z",
      reminder: "overdue-1-day",
      link: "https://label.test/pay/abc.def",
    },
    subject: "Overdue: invoice INV-7",
    facts: ["Invoice INV-7 was due on Apr 13, 2031", "Nova Music", "$107.50", "https://label.test/pay/abc.def"],
  },
  "invoice-paid-receipt": {
    params: {
      labelName: "Nova Music",
      invoiceNumber: "INV-7",
      total: "107.50",
      paidOn: "Apr 2, 2031",
      link: "https://label.test/pay/abc.def",
    },
    subject: "Receipt: invoice INV-7 paid",
    facts: ["Nova Music", "INV-7", "$107.50", "Apr 2, 2031"],
  },
  "invoice-paid-notice": {
    params: {
      invoiceNumber: "INV-7",
      clientName: "Rosa",
      total: "107.50",
      paidOn: "Apr 2, 2031",
      link: "https://label.test/invoices",
    },
    subject: "Invoice INV-7 was paid",
    facts: ["Rosa paid $107.50 by card", "INV-7", "Apr 2, 2031"],
  },
  "invoice-payment-refunded": {
    params: {
      labelName: "Nova Music",
      invoiceNumber: "INV-7",
      amount: "100.00",
      reason: "changed",
      link: "https://label.test/pay/abc.def",
    },
    subject: "Refund: your payment for invoice INV-7",
    facts: [
      "Your card payment of $100.00 for invoice INV-7 from Nova Music could not be applied",
      "the invoice's total changed after the payment began",
      "$100.00 is being refunded to the card you paid with",
      "https://label.test/pay/abc.def",
    ],
  },
  "invoice-payment-refunded-notice": {
    params: {
      invoiceNumber: "INV-7",
      clientName: "Rosa",
      amount: "107.50",
      reason: "cancelled",
      link: "https://label.test/invoices",
    },
    subject: "Refunded: a payment for invoice INV-7",
    facts: ["Rosa paid $107.50 by card", "the invoice was cancelled", "It is being refunded to their card", "INV-7"],
  },
  "royalty-statement-ready": {
    params: {
      payeeName: "Nova Reign",
      periodStart: "2031-01-01",
      periodEnd: "2031-03-31",
      link: "https://label.test/royalties",
    },
    subject: "Your royalty statement for 2031-01-01 to 2031-03-31 is ready",
    facts: ["Hello Nova Reign", "2031-01-01 to 2031-03-31", "https://label.test/royalties"],
  },
};

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

  it("refuses an unknown template or parameters of the wrong shape", async () => {
    await expect(renderMessage("no-such-template", {}, label)).rejects.toThrow(RenderError);
    await expect(renderMessage("merchandise-order-confirmation", { itemName: "Hoodie" }, label)).rejects.toThrow(
      /Parameters do not fit/,
    );
  });
});
