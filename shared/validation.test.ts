import { describe, expect, it } from "vitest";
import { insertEventSchema } from "./events";
import { insertInvoiceLineItemSchema, insertInvoiceSchema } from "./invoices";
import { insertMerchandiseSchema, updateMerchandiseSchema } from "./merchandise";
import { purchaseTicketsSchema } from "./tickets";
import { insertTourDateSchema } from "./tour-dates";
import { updateLabelSchema } from "./users";
import { insertVendorBookingSchema } from "./vendor-bookings";
import {
  DATE_RANGE_MESSAGE,
  isoDate,
  isUrlOrAppPath,
  NUL_CHARACTER_MESSAGE,
  nulCharacterFields,
  timestampInput,
} from "./validation";

const firstMessage = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) =>
  result.error?.issues.find((issue) => issue.path[0] === field)?.message;

describe("insertTourDateSchema", () => {
  it("requires all four fields, trimmed", () => {
    const result = insertTourDateSchema.safeParse({ artistName: "  ", date: "2026-12-01", time: "20:00" });
    expect(firstMessage(result, "artistName")).toBe("Required");
    expect(firstMessage(result, "location")).toBe("Required");
    const ok = insertTourDateSchema.parse({
      artistName: " Nova ",
      date: "2026-12-01",
      time: "20:00",
      location: "Austin, TX",
    });
    expect(ok.artistName).toBe("Nova");
  });

  it("drops unknown and server-set fields", () => {
    const ok = insertTourDateSchema.parse({
      artistName: "Nova",
      date: "2026-12-01",
      time: "20:00",
      location: "Austin, TX",
      id: "x",
      createdAt: "now",
    });
    expect(ok).toEqual({ artistName: "Nova", date: "2026-12-01", time: "20:00", location: "Austin, TX" });
  });
});

describe("insertMerchandiseSchema", () => {
  it("names the empty price", () => {
    expect(firstMessage(insertMerchandiseSchema.safeParse({ name: "Tee", price: "" }), "price")).toBe(
      "Price is required",
    );
  });

  it("normalises the price and fills the defaults: stock 0, available 1", () => {
    const item = insertMerchandiseSchema.parse({ name: "Tee", price: "29.9", description: "", imageUrl: "" });
    expect(item).toMatchObject({ price: "29.90", stockQuantity: 0, isAvailable: 1, description: null, imageUrl: null });
  });

  it("refuses prices with three decimals, negative or beyond numeric(10,2)", () => {
    for (const price of ["1.234", "-1", "100000000.00", "abc"]) {
      expect(insertMerchandiseSchema.safeParse({ name: "Tee", price }).success, price).toBe(false);
    }
    expect(insertMerchandiseSchema.safeParse({ name: "Tee", price: "99999999.99" }).success).toBe(true);
  });

  it("refuses negative stock and availability other than 0 or 1", () => {
    expect(insertMerchandiseSchema.safeParse({ name: "Tee", price: "1", stockQuantity: -1 }).success).toBe(false);
    expect(insertMerchandiseSchema.safeParse({ name: "Tee", price: "1", isAvailable: 2 }).success).toBe(false);
  });

  it("leaves fields out of a partial update instead of resetting them", () => {
    expect(updateMerchandiseSchema.parse({ stockAdjustment: 4 })).toEqual({ stockAdjustment: 4 });
    expect(updateMerchandiseSchema.parse({ name: "Tee" })).toEqual({ name: "Tee" });
  });
});

describe("links", () => {
  it("accepts http(s) URLs and app paths only", () => {
    expect(isUrlOrAppPath("https://example.com/a.png")).toBe(true);
    expect(isUrlOrAppPath("/demo/merch/tour-tee.svg")).toBe(true);
    expect(isUrlOrAppPath("/objects/uploads/abc")).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example",
      "/\\evil.example",
      "data:image/png;base64,AA",
      "ftp://x",
      "relative.png",
    ]) {
      expect(isUrlOrAppPath(bad), bad).toBe(false);
    }
  });
});

describe("insertEventSchema", () => {
  const event = {
    name: "Night",
    artist: "Nova",
    venue: "Hall",
    date: "2026-12-05",
    time: "20:00",
    totalTickets: 100,
    ticketPrice: "45",
  };

  it("defaults the status to upcoming and checks the date", () => {
    expect(insertEventSchema.parse(event)).toMatchObject({ status: "upcoming", ticketPrice: "45.00" });
    expect(insertEventSchema.safeParse({ ...event, date: "2026-02-30" }).success).toBe(false);
    expect(insertEventSchema.safeParse({ ...event, status: "open" }).success).toBe(false);
  });
});

describe("purchaseTicketsSchema", () => {
  it("accepts a whole quantity of at least one", () => {
    const eventId = "5e966f4c-282b-42a6-9101-b0fd56f31a26";
    expect(purchaseTicketsSchema.safeParse({ eventId, quantity: 2 }).success).toBe(true);
    expect(purchaseTicketsSchema.safeParse({ eventId, quantity: 0 }).success).toBe(false);
    expect(purchaseTicketsSchema.safeParse({ eventId, quantity: 1.5 }).success).toBe(false);
    expect(purchaseTicketsSchema.safeParse({ eventId: "not-an-id", quantity: 1 }).success).toBe(false);
  });
});

describe("invoice schemas", () => {
  it("turns ISO dates into Dates and refuses statuses that cannot be chosen", () => {
    const invoice = {
      invoiceNumber: "INV-1",
      issueDate: "2026-11-21T00:00:00.000Z",
      dueDate: "2026-12-21T00:00:00.000Z",
      clientName: "Acme",
      subtotal: "10.00",
      total: "10.00",
    };
    const parsed = insertInvoiceSchema.parse(invoice);
    expect(parsed.issueDate).toBeInstanceOf(Date);
    expect(parsed).toMatchObject({ tax: "0.00", status: "draft" });
    expect(insertInvoiceSchema.safeParse({ ...invoice, status: "overdue" }).success).toBe(false);
    expect(insertInvoiceSchema.safeParse({ ...invoice, clientEmail: "nope" }).success).toBe(false);
    expect(insertInvoiceSchema.parse({ ...invoice, clientEmail: "" }).clientEmail).toBeNull();
  });

  it("requires a positive quantity on a line item", () => {
    const line = { description: "Mixing", quantity: 2, unitPrice: "50", total: "100" };
    expect(insertInvoiceLineItemSchema.parse(line)).toMatchObject({ unitPrice: "50.00", sortOrder: 0 });
    expect(insertInvoiceLineItemSchema.safeParse({ ...line, quantity: 0 }).success).toBe(false);
  });
});

describe("insertVendorBookingSchema", () => {
  const booking = {
    tourDateId: "5e966f4c-282b-42a6-9101-b0fd56f31a26",
    vendorName: "Sam",
    vendorEmail: "sam@example.com",
    vendorPhone: "555-0100",
    businessName: "Sam's Tacos",
    foodType: "Tacos",
    spotType: "standard",
    amount: "150",
  };

  it("accepts the vendor form and never the payment fields", () => {
    const parsed = insertVendorBookingSchema.parse({ ...booking, paymentStatus: "paid", paymentIntentId: "pi_1" });
    expect(parsed).not.toHaveProperty("paymentStatus");
    expect(parsed).not.toHaveProperty("paymentIntentId");
    expect(parsed.amount).toBe("150.00");
  });

  it("refuses an unknown spot type or a bad e-mail", () => {
    expect(insertVendorBookingSchema.safeParse({ ...booking, spotType: "vip" }).success).toBe(false);
    expect(insertVendorBookingSchema.safeParse({ ...booking, vendorEmail: "sam" }).success).toBe(false);
  });
});

describe("updateLabelSchema", () => {
  it("needs a label name and an uploaded object path", () => {
    expect(
      firstMessage(updateLabelSchema.safeParse({ labelName: " ", labelLogoUrl: "/objects/uploads/a" }), "labelName"),
    ).toBe("Please enter a label name");
    expect(
      updateLabelSchema.safeParse({ labelName: "Label", labelLogoUrl: "https://evil.example/logo.png" }).success,
    ).toBe(false);
    expect(updateLabelSchema.safeParse({ labelName: "Label", labelLogoUrl: "/objects/../secrets" }).success).toBe(
      false,
    );
    expect(updateLabelSchema.parse({ labelName: " Label ", labelLogoUrl: "/objects/uploads/a" })).toEqual({
      labelName: "Label",
      labelLogoUrl: "/objects/uploads/a",
    });
  });
});

describe("text and dates the database cannot hold", () => {
  it("finds a NUL character anywhere in a request, by the path of its field", () => {
    expect(nulCharacterFields({ name: "ok", nested: { list: ["fine", "bad\u0000"] } })).toEqual({
      "nested.list.1": [NUL_CHARACTER_MESSAGE],
    });
    expect(nulCharacterFields("\u0000")).toEqual({ _: [NUL_CHARACTER_MESSAGE] });
    expect(nulCharacterFields({ ["key\u0000"]: "x" })).toEqual({ _: [NUL_CHARACTER_MESSAGE] });
    expect(nulCharacterFields({ text: "tab\tand newline\n are fine", n: 1, none: null })).toEqual({});
    // A deeply nested body is walked without recursion.
    let deep: unknown = "\u0000";
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(Object.keys(nulCharacterFields(deep))).toHaveLength(1);
  });

  it("accepts dates from 1900 to 9999 and refuses year 0000 and other slips in plain words", () => {
    expect(timestampInput.parse("2026-11-21T18:00:00Z")).toEqual(new Date("2026-11-21T18:00:00Z"));
    expect(timestampInput.parse("1900-01-01")).toEqual(new Date("1900-01-01"));
    for (const bad of ["0000-01-01T00:00:00Z", "0000-01-01", "1899-12-31T23:59:59+00:00", "0202-05-01"]) {
      expect(timestampInput.safeParse(bad).error?.issues[0].message, bad).toBe(DATE_RANGE_MESSAGE);
    }
    expect(timestampInput.safeParse("yesterday").error?.issues[0].message).toMatch(/^Enter a date as YYYY-MM-DD/);
    expect(isoDate.safeParse("0000-01-01").error?.issues.map((i) => i.message)).toEqual([DATE_RANGE_MESSAGE]);
    expect(isoDate.safeParse("2026-02-30").error?.issues.map((i) => i.message)).toEqual(["Enter a date as YYYY-MM-DD"]);
    expect(isoDate.parse("9999-12-31")).toBe("9999-12-31");
  });
});
