import type { OutboxParams, OutboxTemplate } from "@shared/outbox";

/** A message's parameters, the subject they give, and text its HTML and plain text both hold. */
export interface Sample<T extends OutboxTemplate> {
  params: OutboxParams<T>;
  subject: string;
  facts: string[];
}

type ShopTemplate = Extract<OutboxTemplate, `merchandise-${string}`>;

/** One sample of every shop message (templates.samples.test-support.ts adds the others). */
export const SHOP_SAMPLES: { [T in ShopTemplate]: Sample<T> } = {
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
      "2 × Tour Shirt — M / Black",
      "ships from February 1, 2031",
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
      lines: [{ name: "Logo Hoodie", variantLabel: "M / Black", sku: "HOOD-M-BLK", quantity: 2 }],
      link: "https://label.test/orders/abc.def",
    },
    subject: "Your order has shipped: order #1001",
    facts: ["2 × Logo Hoodie — M / Black (SKU HOOD-M-BLK)", "UPS", "1Z999", "https://www.ups.com/track?tracknum=1Z999"],
  },
  "merchandise-order-refunded": {
    params: {
      order: "order #1001",
      amount: "48.60",
      cancelled: false,
      lines: [{ name: "Logo Hoodie", variantLabel: "M / Black", sku: "HOOD-M-BLK", quantity: 1 }],
      link: "https://label.test/orders/abc.def",
    },
    subject: "Your return is refunded: order #1001",
    facts: ["1 × Logo Hoodie — M / Black", "$48.60"],
  },
  "merchandise-return-rejected": {
    params: {
      order: "order #1001",
      lines: [{ name: "Logo Hoodie", variantLabel: "M / Black", sku: "HOOD-M-BLK", quantity: 1 }],
      reason: "Worn and washed",
      link: "https://label.test/orders/abc.def",
    },
    subject: "Your return was not accepted: order #1001",
    facts: ["1 × Logo Hoodie — M / Black", "Worn and washed", "https://label.test/orders/abc.def"],
  },
  "merchandise-return-requested": {
    params: {
      order: "order #1001",
      customerEmail: "fan@example.test",
      lines: [{ name: "Logo Hoodie", variantLabel: "M / Black", sku: "HOOD-M-BLK", quantity: 2 }],
      reason: "Too small",
      link: "https://label.test/merchandise",
    },
    subject: "Return requested: order #1001 (fan@example.test)",
    facts: [
      "2 × Logo Hoodie — M / Black (SKU HOOD-M-BLK)",
      "fan@example.test",
      "Too small",
      "https://label.test/merchandise",
    ],
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
    subject: "Low stock: Logo Hoodie — M / Black, 3 left",
    facts: ["Logo Hoodie — M / Black", "HOODIE-M-BLACK", "3", "https://label.test/merch/abc"],
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
};
