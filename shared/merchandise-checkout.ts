// The shop's cart and checkout: what a cart holds, the quote of an order to a country, and the
// order itself with its shipping address. Prices, shipping and tax always come from the
// database: a request carries variants and quantities only (other fields are ignored).
import { z } from "zod";
import { clientSecretSchema } from "./checkout";
import { apiErrorSchema, defineContract } from "./contract";
import { merchandiseCheckoutApi } from "./merchandise-checkout.api";
import { MAX_PER_ORDER_LIMIT } from "./merchandise";
import { countryCode } from "./shipping";
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

/** PUT /api/merchandise-cart (a member's cart, kept on the server so it follows them). */
export const cartSchema = z.object({ items: cartItemsSchema }).meta({ id: "MerchandiseCart" });
export type Cart = z.output<typeof cartSchema>;

/** The lines of an order request: at least one. */
const orderItems = cartItemsSchema.refine((items) => items.length > 0, "The cart is empty");

/** POST /api/merchandise-orders/quote. */
export const quoteRequestSchema = z.object({ items: orderItems, country: countryCode });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;

/** An order's money, as decimal strings: total = subtotal + shipping + tax. */
export const orderAmountsSchema = z.object({
  subtotal: z.string(),
  shipping: z.string(),
  tax: z.string(),
  total: z.string(),
});

export const quoteSchema = orderAmountsSchema
  .extend({
    /** The destination's zone and its tax rate in percent. */
    zone: z.string(),
    taxRate: z.string(),
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

/** POST /api/merchandise-orders: holds the stock of every line and starts the card payment. */
export const placeOrderSchema = z.object({ items: orderItems, email, address: addressSchema });
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
    summary: "What an order of these variants costs to a country: subtotal, combined shipping, tax, total",
    description:
      '400 "We don\'t ship to …" for a country in no zone, or when an item has no rate to its zone; 404 for an unknown variant.',
    body: quoteRequestSchema,
    responses: { 200: quoteSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
  place: {
    summary: "Holds the stock of every line and starts the card payment for exactly the order's total",
    description:
      'Prices, shipping and tax come from the database. 400 for a country the shop does not ship to; 404 for an unknown variant; 409 "Only N left of …" when any line is short (nothing is held); 429 when the buyer already holds too many unpaid orders.',
    body: placeOrderSchema,
    responses: { 201: placedOrderSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
  },
  getCart: {
    summary: "The signed-in member's cart",
    responses: { 200: cartSchema },
  },
  putCart: {
    summary: "Replaces the signed-in member's cart (variants no longer sold are dropped)",
    body: cartSchema,
    responses: { 200: cartSchema },
  },
});
