import { describe, expect, it } from "vitest";
import type { OutboxParams, OutboxTemplate } from "@shared/outbox";
import { renderMessage, RenderError } from "./render";

const label = { labelName: "Label Records", logoUrl: null };
const branded = { labelName: "Night Owl Records", logoUrl: "https://label.test/objects/uploads/logo" };

/** One sample per template: a template added without a sample here does not compile. */
const SAMPLES: { [T in OutboxTemplate]: { params: OutboxParams<T>; subject: string; facts: string[] } } = {
  "ticket-purchase-confirmation": {
    params: { eventName: "Neon Nights", artist: "Nova Reign", date: "2031-03-14", time: "20:00", venue: "Warehouse 9", quantity: 3, total: "75.00", confirmationCode: "ABCDEFGH23" },
    subject: "Your tickets for Neon Nights — ABCDEFGH23",
    facts: ["Neon Nights — Nova Reign", "Friday, March 14, 2031", "8:00 PM", "Warehouse 9", "3 tickets", "$75.00", "ABCDEFGH23"],
  },
  "vendor-booking-confirmation": {
    params: { vendorName: "Rosa Diaz", businessName: "Rosa's Tacos", spotType: "deluxe", amount: "500.00", artistName: "Marisol Vega", date: "2030-06-01", time: "18:30", location: "Pier 4" },
    subject: "Deluxe Spot booked: Marisol Vega, Sat, Jun 1, 2030",
    facts: ["Rosa Diaz", "Rosa's Tacos", "Deluxe Spot", "$500.00", "Marisol Vega", "Sat, Jun 1, 2030", "6:30 PM", "Pier 4"],
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
  "merchandise-order-confirmation": {
    params: { itemName: "Logo Hoodie", quantity: 2, unitPrice: "45.00", total: "90.00" },
    subject: "Your order from Label Records: 2 × Logo Hoodie",
    facts: ["Logo Hoodie", "2", "$45.00", "$90.00"],
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

  it("shows the label's own name and logo when an administrator has set them", async () => {
    const message = await renderMessage("merchandise-order-confirmation", SAMPLES["merchandise-order-confirmation"].params, branded);
    expect(message.subject).toBe("Your order from Night Owl Records: 2 × Logo Hoodie");
    expect(message.html).toContain("Night Owl Records");
    expect(message.html).toContain('src="https://label.test/objects/uploads/logo"');
    expect(message.html).not.toContain("Label Records");
  });

  it("attaches the ticket's QR code inline and refers to it by cid", async () => {
    const message = await renderMessage("ticket-purchase-confirmation", SAMPLES["ticket-purchase-confirmation"].params, label);
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({ filename: "ticket-qr.png", contentType: "image/png", cid: "ticket-qr" });
    expect(Buffer.from(message.attachments[0].content, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(message.html).toContain('src="cid:ticket-qr"');
  });

  it("escapes what buyers and vendors typed", async () => {
    const params = { ...SAMPLES["vendor-booking-admin-notice"].params, businessName: '<script>alert("x")</script>' };
    const message = await renderMessage("vendor-booking-admin-notice", params, label);
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain("&lt;script&gt;");
  });

  it("refuses an unknown template or parameters of the wrong shape", async () => {
    await expect(renderMessage("no-such-template", {}, label)).rejects.toThrow(RenderError);
    await expect(renderMessage("merchandise-order-confirmation", { itemName: "Hoodie" }, label)).rejects.toThrow(/Parameters do not fit/);
  });
});
