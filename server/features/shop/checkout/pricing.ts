import type pg from "pg";
import { fromCents, sumCents, ticketTotalCents, toCents } from "@shared/money";
import type { CartItem, DigitalLine, Quote } from "@shared/merchandise-checkout";
import type { VariantOptions } from "@shared/merchandise-variants";
import { combinedShippingCents, countryName, notShippedMessage, taxCents } from "@shared/shipping";
import type { PricedDownloads } from "../../../lib/cart-downloads";
import { HttpError } from "../../../lib/http-error";
import type { ShopDeps } from "../shop-deps";

/** A variant as the checkout prices it: its own price or its item's. */
export interface PricedVariant {
  variantId: string;
  merchandiseId: string;
  itemName: string;
  sku: string;
  options: VariantOptions;
  price: string;
  stockQuantity: number;
  isAvailable: number;
  maxPerOrder: number;
  shipsFrom: string | null;
}

/** What pricing a cart to a country reads: the country's zone, the variants, their items' rates to the zone. */
export interface PricingRows {
  zone: { id: string; name: string; taxRate: string } | null;
  variants: PricedVariant[];
  rates: { merchandiseId: string; first: string; additional: string }[];
}

/** An order priced from the database: its lines, zone and amounts in cents. */
export interface PricedCart {
  lines: { item: CartItem; variant: PricedVariant; totalCents: number }[];
  zone: { name: string; taxRate: string };
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

// One statement for everything a price needs, prepared by name (each connection parses it
// once): the quote and the order read it on every call. Numbers are read as text, as the
// tables' numeric columns always are.
const PRICING_SQL = `
  with zone as (
    select id, name, tax_rate from shipping_zones where $1 = any(countries) order by position, name limit 1
  )
  select
    (select json_build_object('id', id, 'name', name, 'taxRate', tax_rate::text) from zone) as zone,
    coalesce((
      select json_agg(json_build_object(
        'variantId', v.id, 'merchandiseId', m.id, 'itemName', m.name, 'sku', v.sku, 'options', v.options,
        'price', coalesce(v.price, m.price)::text, 'stockQuantity', v.stock_quantity,
        'isAvailable', m.is_available, 'maxPerOrder', m.max_per_order, 'shipsFrom', m.ships_from))
      from merchandise_variants v join merchandise m on m.id = v.merchandise_id
      where v.id = any($2::varchar[])
    ), '[]'::json) as variants,
    coalesce((
      select json_agg(json_build_object('merchandiseId', r.merchandise_id, 'first', r.first::text,
        'additional', r.additional::text))
      from merchandise_shipping_rates r
      where r.zone_id = (select id from zone)
        and r.merchandise_id in (select merchandise_id from merchandise_variants where id = any($2::varchar[]))
    ), '[]'::json) as rates`;

/** The zone, variants and rates for pricing these variants to a country, in one round trip. */
export async function readPricing(pool: pg.Pool, variantIds: string[], country: string): Promise<PricingRows> {
  const { rows } = await pool.query<PricingRows>({
    name: "merchandise_pricing",
    text: PRICING_SQL,
    values: [country, variantIds],
  });
  const { zone, variants, rates } = rows[0];
  // Drops the trailing zeros numeric(6,3) gives a tax rate ("20.000" → "20"), as the zones' list does.
  return { zone: zone && { ...zone, taxRate: String(Number(zone.taxRate)) }, variants, rates };
}

/**
 * Prices the items to the country from what readPricing read: 404 for an unknown variant, 400
 * where it does not ship, 409 when not on sale.
 */
export function priceCart(
  { zone, variants, rates }: PricingRows,
  items: CartItem[],
  country: string,
  countryField = "country",
): PricedCart {
  if (!zone) {
    const message = notShippedMessage(country);
    throw HttpError.badRequest(message, { [countryField]: [message] });
  }
  const byId = new Map(variants.map((v) => [v.variantId, v]));
  const lines = items.map((item) => {
    const variant = byId.get(item.variantId);
    if (!variant) throw HttpError.notFound("An item in the cart is no longer sold");
    return { item, variant };
  });
  // Per item: on sale, and within its per-order maximum over all its variants.
  const perItem = new Map<string, { variant: PricedVariant; quantity: number }>();
  for (const { item, variant } of lines) {
    if (variant.isAvailable !== 1) throw HttpError.conflict(`${variant.itemName} is not available`);
    const seen = perItem.get(variant.merchandiseId);
    perItem.set(variant.merchandiseId, { variant, quantity: (seen?.quantity ?? 0) + item.quantity });
  }
  for (const { variant, quantity } of perItem.values()) {
    if (quantity > variant.maxPerOrder) {
      const message = `At most ${variant.maxPerOrder} of ${variant.itemName} per order`;
      throw HttpError.badRequest(message, { items: [message] });
    }
  }
  const rateOf = new Map(rates.map((rate) => [rate.merchandiseId, rate]));
  const units = lines.map(({ item, variant }) => {
    const rate = rateOf.get(variant.merchandiseId);
    if (!rate) {
      const message = `${variant.itemName} does not ship to ${countryName(country) ?? country}`;
      throw HttpError.badRequest(message, { [countryField]: [message] });
    }
    return { firstCents: toCents(rate.first), additionalCents: toCents(rate.additional), quantity: item.quantity };
  });
  const priced = lines.map(({ item, variant }) => {
    const totalCents = ticketTotalCents(toCents(variant.price), item.quantity);
    if (totalCents === null) throw HttpError.badRequest("This order's total is too large");
    return { item, variant, totalCents };
  });
  const subtotalCents = sumCents(priced.map((line) => line.totalCents));
  const shippingCents = combinedShippingCents(units);
  const tax = taxCents(subtotalCents + shippingCents, zone.taxRate);
  const totalCents = sumCents([subtotalCents, shippingCents, tax]);
  if (totalCents > 9_999_999_999) throw HttpError.badRequest("This order's total is too large");
  return {
    lines: priced,
    zone: { name: zone.name, taxRate: zone.taxRate },
    subtotalCents,
    shippingCents,
    taxCents: tax,
    totalCents,
  };
}

/**
 * Each line's share of the tax: its own price at the rate, rounded half-up, never more in
 * total than the order's tax (the rest is the shipping's).
 */
export function lineTaxes(priced: PricedCart): number[] {
  let left = priced.taxCents;
  return priced.lines.map((line) => {
    const share = Math.min(left, taxCents(line.totalCents, priced.zone.taxRate));
    left -= share;
    return share;
  });
}

/** A whole cart's money: its goods (null when it has none) and its downloads, added up. */
export interface CartTotals {
  goods: PricedCart | null;
  downloads: PricedDownloads;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

export function cartTotals(goods: PricedCart | null, downloads: PricedDownloads): CartTotals {
  const subtotalCents = (goods?.subtotalCents ?? 0) + downloads.subtotalCents;
  const shippingCents = goods?.shippingCents ?? 0;
  const taxCents = (goods?.taxCents ?? 0) + downloads.taxCents;
  const totalCents = subtotalCents + shippingCents + taxCents;
  if (totalCents > 9_999_999_999) throw HttpError.badRequest("This order's total is too large");
  return { goods, downloads, subtotalCents, shippingCents, taxCents, totalCents };
}

/**
 * Prices a cart to a country: its goods from one read (readPricing), its downloads by the store
 * (their digital tax by the country, wherever the shop ships). A cart of downloads only reads no
 * zone, and goes to any country.
 */
export async function priceWholeCart(
  deps: Pick<ShopDeps, "pool" | "db" | "downloads">,
  cart: { items: CartItem[]; digital: DigitalLine[]; country: string },
  countryField: string,
): Promise<CartTotals & { rows: PricingRows | null }> {
  const { items, digital, country } = cart;
  const [rows, downloads] = await Promise.all([
    items.length === 0
      ? null
      : readPricing(
          deps.pool,
          items.map((item) => item.variantId),
          country,
        ),
    deps.downloads.price(deps.db, digital, country),
  ]);
  const goods = rows && priceCart(rows, items, country, countryField);
  return { ...cartTotals(goods, downloads), rows };
}

/** The cart priced to a country, nothing held (POST /api/merchandise-orders/quote). */
export async function quoteCart(
  deps: Pick<ShopDeps, "pool" | "db" | "downloads">,
  cart: { items: CartItem[]; digital: DigitalLine[]; country: string },
): Promise<Quote> {
  const totals = await priceWholeCart(deps, cart, "country");
  return {
    subtotal: fromCents(totals.subtotalCents),
    shipping: fromCents(totals.shippingCents),
    tax: fromCents(totals.taxCents),
    total: fromCents(totals.totalCents),
    zone: totals.goods?.zone.name ?? null,
    taxRate: totals.goods?.zone.taxRate ?? null,
    digital: totals.downloads.lines.map((line) => ({
      releaseId: line.releaseId,
      trackId: line.trackId,
      title: line.title,
      artist: line.artist,
      amount: fromCents(line.amountCents),
      tax: fromCents(line.taxCents),
    })),
    digitalTaxRate: totals.downloads.rate,
  };
}
