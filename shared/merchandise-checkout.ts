// The shop's cart and checkout: what a cart holds, the quote of an order to a country, and the
// order itself with its shipping address. Prices, shipping and tax always come from the
// database: a request carries variants and quantities only (other fields are ignored). A cart
// also holds downloads from the music store (releases or single tracks): they ship nothing, and
// are taxed at the label's digital rate for the buyer's country.
import { z } from "zod";
import { clientSecretSchema } from "./checkout";
import { apiErrorSchema, defineContract } from "./contract";
import { merchandiseCheckoutApi } from "./merchandise-checkout.api";
import { MAX_PER_ORDER_LIMIT } from "./merchandise";
import { countryCode } from "./shipping";
import { storeAmount } from "./store-amount";
import { email, id, optionalText, requiredText } from "./validation";

/** At most this many different variants in one cart or order. */
export const MAX_CART_LINES = 50;

/** One line of a cart or an order request. */
export const cartItemSchema = z.object({
  variantId: id,
  quantity: z
    .int({ error: "Enter a whole number" })
    .min(1, "Choose at least 1")
    // The item's own maximum (maxPerOrder) is checked by the server against the item.
    .max(MAX_PER_ORDER_LIMIT, `At most ${MAX_PER_ORDER_LIMIT} per order`),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** A cart's lines: each variant once. */
export const cartItemsSchema = z
  .array(cartItemSchema)
  .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} different items`)
  .refine((items) => new Set(items.map((i) => i.variantId)).size === items.length, "Each variant once");

/** A download in the cart: a release, or one of its tracks at the release's track price. */
export const digitalLineSchema = z.object({
  releaseId: id,
  trackId: id.optional(),
  /** What the buyer names for a name-your-price release; ignored for a fixed price or a track. */
  amount: storeAmount.optional(),
});
export type DigitalLine = z.output<typeof digitalLineSchema>;
export type DigitalLineInput = z.input<typeof digitalLineSchema>;

/** The cart's downloads: each release or track once (none when left out). */
export const digitalLinesSchema = z
  .array(digitalLineSchema)
  .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} downloads`)
  .refine(
    (lines) => new Set(lines.map((l) => `${l.releaseId}/${l.trackId ?? ""}`)).size === lines.length,
    "Each release or track once",
  )
  .default([]);

/** PUT /api/merchandise-cart (a member's cart, kept on the server so it follows them). */
export const cartSchema = z.object({ items: cartItemsSchema, digital: digitalLinesSchema });
export type Cart = z.output<typeof cartSchema>;

/** The saved cart as answered: its amounts already normalised ("7" was saved as "7.00"). */
export const cartAnswerSchema = z
  .object({
    items: z.array(z.object({ variantId: z.string(), quantity: z.int() })),
    digital: z.array(
      z.object({ releaseId: z.string(), trackId: z.string().optional(), amount: z.string().optional() }),
    ),
  })
  .meta({ id: "MerchandiseCart" });

const EMPTY_CART = "The cart is empty";
const hasLines = (cart: { items: unknown[]; digital: unknown[] }) => cart.items.length + cart.digital.length > 0;

/** POST /api/merchandise-orders/quote: the lines (goods, downloads or both) and the country they go to. */
export const quoteRequestSchema = z
  .object({ items: cartItemsSchema.default([]), digital: digitalLinesSchema, country: countryCode })
  .refine(hasLines, { message: EMPTY_CART, path: ["items"] });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** A download as the quote prices it: its title, the amount and its digital tax. */
export const quotedDigitalLineSchema = z.object({
  releaseId: z.string(),
  trackId: z.string().nullable(),
  title: z.string(),
  artist: z.string(),
  amount: z.string(),
  tax: z.string(),
});
export type QuotedDigitalLine = z.output<typeof quotedDigitalLineSchema>;

/** An order's money, as decimal strings: total = subtotal + shipping + tax. */
export const orderAmountsSchema = z.object({
  subtotal: z.string(),
  shipping: z.string(),
  tax: z.string(),
  total: z.string(),
});

export const quoteSchema = orderAmountsSchema
  .extend({
    /** The destination's zone and its tax rate in percent; null for a cart of downloads only. */
    zone: z.string().nullable(),
    taxRate: z.string().nullable(),
    /** The downloads, priced; and the label's digital tax rate for the country (null: none set). */
    digital: z.array(quotedDigitalLineSchema),
    digitalTaxRate: z.string().nullable(),
  })
  .meta({ id: "MerchandiseQuote" });
export type Quote = z.output<typeof quoteSchema>;

/** A shipping address. */
export const addressSchema = z.object({
  name: requiredText(200, "Enter the name to ship to"),
  line1: requiredText(200, "Enter the street address"),
  line2: optionalText(200),
  city: requiredText(100, "Enter the city"),
  region: optionalText(100),
  postalCode: requiredText(20, "Enter the postal code"),
  country: countryCode,
});
export type Address = z.infer<typeof addressSchema>;
export type AddressInput = z.input<typeof addressSchema>;

/** The address as answers carry it. */
export const addressAnswerSchema = z
  .object({
    name: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    region: z.string().nullable(),
    postalCode: z.string(),
    country: z.string(),
  })
  .meta({ id: "ShippingAddress" });
export type AddressAnswer = z.output<typeof addressAnswerSchema>;

/**
 * POST /api/merchandise-orders: holds the stock of every line and starts the card payment. Goods
 * need the address they ship to; a cart of downloads only needs the buyer's country (its tax).
 */
export const placeOrderSchema = z
  .object({
    items: cartItemsSchema.default([]),
    digital: digitalLinesSchema,
    email,
    address: addressSchema.optional(),
    country: countryCode.optional(),
  })
  .superRefine((order, ctx) => {
    if (!hasLines(order)) ctx.addIssue({ code: "custom", path: ["items"], message: EMPTY_CART });
    if (order.items.length > 0 && !order.address)
      ctx.addIssue({ code: "custom", path: ["address"], message: "Enter the address to ship to" });
    if (!order.address && !order.country)
      ctx.addIssue({ code: "custom", path: ["country"], message: "Choose a country" });
  });
export type PlaceOrder = z.infer<typeof placeOrderSchema>;
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/** 201: the order, the card payment's secret, and the total it is for. */
export const placedOrderSchema = clientSecretSchema
  .extend({ orderId: z.string(), total: z.string() })
  .meta({ id: "MerchandiseOrderPlaced" });
export type PlacedOrder = z.output<typeof placedOrderSchema>;

/** docs/product.md, "Merchandise shop"; docs/decisions/006-payment-settlement.md. */
export const merchandiseCheckoutContract = defineContract("merchandiseCheckout", merchandiseCheckoutApi, {
  quote: {
    summary:
      "What an order of these variants and downloads costs to a country: subtotal, combined shipping, tax, total",
    description:
      "400 \"We don't ship to …\" for a country in no zone, or when an item has no rate to its zone (goods only: downloads go anywhere, taxed at the label's digital rate for the country); 400 naming `digital.N.amount` below a release's minimum; 404 for an unknown variant or a release not for sale.",
    body: quoteRequestSchema,
    responses: { 200: quoteSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
  place: {
    summary: "Holds the stock of every line and starts the card payment for exactly the order's total",
    description:
      'Prices, shipping and tax come from the database. Goods need `address`; a cart of downloads only needs `country`. 400 for a country the shop does not ship to; 404 for an unknown variant or a release not for sale; 409 "Only N left of …" when any line is short (nothing is held); 429 when the buyer already holds too many unpaid orders.',
    body: placeOrderSchema,
    responses: { 201: placedOrderSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
  },
  getCart: {
    summary: "The signed-in member's cart",
    responses: { 200: cartAnswerSchema },
  },
  putCart: {
    summary: "Replaces the signed-in member's cart (variants no longer sold are dropped)",
    body: cartSchema,
    responses: { 200: cartAnswerSchema },
  },
});
