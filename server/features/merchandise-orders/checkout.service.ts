import { fromCents, formatMoney, sumCents, ticketTotalCents, toCents } from "@shared/money";
import type { Cart, CartItem, PlaceOrder, PlacedOrder, Quote, QuoteRequest } from "@shared/merchandise-checkout";
import { combinedShippingCents, countryName, notShippedMessage, taxCents } from "@shared/shipping";
import type { Executor } from "../../db/database";
import { MINIMUM_CHARGE_CENTS, type CheckoutPayments } from "../../lib/checkout-payments";
import { HttpError } from "../../lib/http-error";
import type { Logger } from "../../lib/logger";
import { assertWithinUnpaidHolds, holdsSince, type UnpaidHoldLimits } from "../../lib/unpaid-holds";
import type { StockAlerts } from "../../lib/variant-stock";
import { lineLabel, type CheckoutRepository, type NewOrderLine, type PricedVariant } from "./checkout.repository";
import { MERCHANDISE_ORDER_METADATA_KEY } from "./merchandise-order-payments.service";
import type { MerchandiseOrdersRepository } from "./merchandise-orders.repository";

/** What the checkout reads of the shipping feature (passed in by features/index.ts). */
export interface ShippingLookup {
  /** The zone a country is in, with its tax rate in percent. */
  zoneOf(country: string, tx?: Executor): Promise<{ id: string; name: string; taxRate: string } | undefined>;
  /** These items' rates to the zone, by item id (an item without one does not ship there). */
  ratesTo(
    zoneId: string,
    merchandiseIds: string[],
    tx?: Executor,
  ): Promise<Map<string, { first: string; additional: string }>>;
}

/** An order priced from the database: its lines, zone and amounts in cents. */
interface Priced {
  lines: { item: CartItem; variant: PricedVariant; totalCents: number }[];
  zone: { name: string; taxRate: string };
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The cart's checkout: a quote to a country, and the order, which holds the stock of every line
 * and starts one card payment for its total. Prices, shipping and tax are read from the
 * database; the order is then settled like every checkout (merchandise-order-payments.service.ts).
 */
export function createCheckoutService(deps: {
  repository: CheckoutRepository;
  orders: MerchandiseOrdersRepository;
  shipping: ShippingLookup;
  payments: CheckoutPayments;
  logger: Logger;
  unpaidHolds: UnpaidHoldLimits;
  /** The low-stock e-mail when an order takes a variant down to its threshold. */
  stockAlerts: Pick<StockAlerts, "afterChange" | "deliverSoon">;
}) {
  const { repository, orders, shipping, payments, logger } = deps;

  /** Prices the items to the country: 404 for an unknown variant, 400 where it does not ship, 409 when not on sale. */
  async function price(items: CartItem[], country: string, tx?: Executor, countryField = "country"): Promise<Priced> {
    const zone = await shipping.zoneOf(country, tx);
    if (!zone) {
      const message = notShippedMessage(country);
      throw HttpError.badRequest(message, { [countryField]: [message] });
    }
    const variants = new Map(
      (
        await repository.variants(
          items.map((i) => i.variantId),
          tx,
        )
      ).map((v) => [v.variantId, v]),
    );
    const lines = items.map((item) => {
      const variant = variants.get(item.variantId);
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
    const rates = await shipping.ratesTo(zone.id, [...perItem.keys()], tx);
    const units = lines.map(({ item, variant }) => {
      const rate = rates.get(variant.merchandiseId);
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
  function lineTaxes(priced: Priced): number[] {
    let left = priced.taxCents;
    return priced.lines.map((line) => {
      const share = Math.min(left, taxCents(line.totalCents, priced.zone.taxRate));
      left -= share;
      return share;
    });
  }

  /** Why the hold failed: the first short line, as the buyer reads it. */
  async function shortLineRefusal(items: CartItem[], taken: Set<string>, tx: Executor): Promise<HttpError> {
    const short = items.filter((item) => !taken.has(item.variantId));
    const now = await repository.variants(
      short.map((item) => item.variantId),
      tx,
    );
    const first = now[0];
    if (!first) return HttpError.notFound("An item in the cart is no longer sold");
    return HttpError.conflict(`Only ${first.stockQuantity} left of ${lineLabel(first.itemName, first.options)}`);
  }

  return {
    async quote({ items, country }: QuoteRequest): Promise<Quote> {
      const priced = await price(items, country);
      return {
        subtotal: fromCents(priced.subtotalCents),
        shipping: fromCents(priced.shippingCents),
        tax: fromCents(priced.taxCents),
        total: fromCents(priced.totalCents),
        zone: priced.zone.name,
        taxRate: priced.zone.taxRate,
      };
    },

    /**
     * Checks the buyer's unpaid holds, prices the order, holds every line's stock in one
     * statement and records the order with its lines; then asks Stripe for exactly the total.
     * The hold commits before the Stripe call (no row waits on the network); if Stripe fails,
     * the order is removed and its stock given back.
     */
    async place(
      { items, email, address }: PlaceOrder,
      clientAddress: string,
      userId: string | undefined,
    ): Promise<PlacedOrder> {
      payments.assertAvailable();
      const order = await orders.transaction(async (tx) => {
        const counts = await orders.lockAndCountUnpaid(tx, { clientAddress, email }, holdsSince());
        assertWithinUnpaidHolds(counts, deps.unpaidHolds);
        const priced = await price(items, address.country, tx, "address.country");
        if (priced.totalCents < MINIMUM_CHARGE_CENTS) {
          throw HttpError.badRequest(`Card payments start at ${formatMoney(fromCents(MINIMUM_CHARGE_CENTS))}`);
        }
        const changes = await repository.holdStock(items, tx);
        const taken = new Set(changes.map((change) => change.variantId));
        // A short line: the transaction rolls back, so the lines already taken go back too.
        if (taken.size !== items.length) throw await shortLineRefusal(items, taken, tx);
        await deps.stockAlerts.afterChange(tx, changes);
        const created = await orders.insert(
          {
            totalAmount: fromCents(priced.totalCents),
            subtotal: fromCents(priced.subtotalCents),
            shipping: fromCents(priced.shippingCents),
            tax: fromCents(priced.taxCents),
            customerEmail: email,
            clientAddress,
            userId: userId ?? null,
            shipName: address.name,
            shipLine1: address.line1,
            shipLine2: address.line2 ?? null,
            shipCity: address.city,
            shipRegion: address.region ?? null,
            shipPostalCode: address.postalCode,
            shipCountry: address.country,
            shippingZone: priced.zone.name,
            taxRate: priced.zone.taxRate,
          },
          tx,
        );
        const taxes = lineTaxes(priced);
        const lines: NewOrderLine[] = priced.lines.map(({ item, variant }, position) => ({
          orderId: created.id,
          variantId: variant.variantId,
          merchandiseId: variant.merchandiseId,
          sku: variant.sku,
          options: variant.options,
          itemName: variant.itemName,
          quantity: item.quantity,
          unitPrice: variant.price,
          tax: fromCents(taxes[position]),
          shipsFrom: variant.shipsFrom,
          position,
        }));
        await repository.insertLines(lines, tx);
        return created;
      });
      // The low-stock notice this hold may have queued goes out now, not at the next sweep.
      deps.stockAlerts.deliverSoon();

      const unitCount = items.reduce((sum, item) => sum + item.quantity, 0);
      let intent: { id: string; clientSecret: string };
      try {
        intent = await payments.createPaymentIntent({
          amountCents: toCents(order.totalAmount),
          metadata: { [MERCHANDISE_ORDER_METADATA_KEY]: order.id },
          idempotencyScope: `merchandise-order-${order.id}`,
          description: `Order #${order.orderNumber}: ${unitCount} item${unitCount === 1 ? "" : "s"}`,
          receiptEmail: email,
        });
      } catch (error) {
        await orders
          .transaction(async (tx) => {
            await deps.stockAlerts.afterChange(tx, await orders.releaseOrderStock(order.id, tx), { released: true });
            // Deleted only while unpaid; its lines go with it.
            const deleted = await orders.deleteUnpaid(order.id, tx);
            if (!deleted) throw new Error("order was settled meanwhile");
          })
          .catch((cleanup) =>
            logger.warn({ err: cleanup, orderId: order.id }, "could not release the stock of an order without payment"),
          );
        throw error;
      }
      await orders.attachPaymentIntent(order.id, intent.id);
      return { orderId: order.id, clientSecret: intent.clientSecret, total: order.totalAmount };
    },

    cart: (userId: string): Promise<Cart> => repository.cart(userId),

    /** Saves a member's cart, keeping only variants that still exist. */
    async saveCart(userId: string, { items }: Cart): Promise<Cart> {
      const known = new Set((await repository.variants(items.map((i) => i.variantId))).map((v) => v.variantId));
      const kept = items.filter((item) => known.has(item.variantId));
      await repository.saveCart(userId, kept);
      return { items: kept };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
