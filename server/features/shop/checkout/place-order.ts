import type pg from "pg";
import { sql } from "drizzle-orm";
import { formatMoney, fromCents, toCents } from "@shared/money";
import type { PlaceOrder, PlacedOrder } from "@shared/merchandise-checkout";
import type { Transaction } from "../../../db/database";
import { createIntentOrRollBack, MINIMUM_CHARGE_CENTS } from "../../../lib/checkout-payments";
import { HttpError } from "../../../lib/http-error";
import { holdsSince, TOO_MANY_UNPAID_MESSAGE, unpaidHolderKeys } from "../../../lib/unpaid-holds";
import { afterStockChange, type VariantStockChange } from "../catalogue/variant-stock";
import { lineLabel } from "../orders/order-answer";
import type { ShopDeps } from "../shop-deps";
import { lineTaxes, priceWholeCart, type CartTotals } from "./pricing";
import { MERCHANDISE_ORDER_METADATA_KEY } from "./order-settlement";
import { releaseUnpaidOrder } from "./order-payments.repository";

/**
 * Orders of one variant each instance sends to PostgreSQL at once; the others wait their turn
 * in the instance, in order. The variant's row lock lets one through at a time anyway, and every
 * backend queued on one row costs CPU and holds a pool connection; two keep the next one waiting
 * at the lock (the same rule as tickets, docs/decisions/005-single-statement-purchase.md).
 */
export const PLACEMENTS_IN_FLIGHT_PER_VARIANT = 2;

export type CheckoutDeps = Pick<
  ShopDeps,
  "db" | "pool" | "payments" | "logger" | "messages" | "appUrl" | "unpaidHolds" | "placementTurns" | "downloads"
>;

/** What merchandise_place_order (migrations/0032_merchandise_place_order.sql) answers. */
type Placement =
  | { outcome: "too-many" }
  | { outcome: "short"; variantId: string; stock: number | null }
  | { outcome: "alert" }
  | { outcome: "placed"; id: string; orderNumber: number; totalAmount: string; changes: VariantStockChange[] };

const PLACE_TYPES = ["text[]", "text", "text", "timestamptz", "int", "int", "varchar[]", "int[]", "jsonb", "jsonb"];
const PLACE_SQL = `select merchandise_place_order(${PLACE_TYPES.map((type, i) => `$${i + 1}::${type}`).join(", ")}, $${PLACE_TYPES.length + 1}::boolean) as result`;

/**
 * The function's arguments but the last (whether it may take a variant to its low-stock
 * threshold). An order of downloads only has no address, zone or lines; its amounts are the
 * downloads' (the store records them as its purchases).
 */
function placementArguments(
  deps: CheckoutDeps,
  { items, email, address }: PlaceOrder,
  totals: CartTotals,
  clientAddress: string,
  userId: string | undefined,
): unknown[] {
  const goods = totals.goods;
  const taxes = goods ? lineTaxes(goods) : [];
  const order = {
    total_amount: fromCents(totals.totalCents),
    subtotal: fromCents(totals.subtotalCents),
    shipping: fromCents(totals.shippingCents),
    tax: fromCents(totals.taxCents),
    customer_email: email,
    user_id: userId ?? null,
    ship_name: address?.name ?? null,
    ship_line1: address?.line1 ?? null,
    ship_line2: address?.line2 ?? null,
    ship_city: address?.city ?? null,
    ship_region: address?.region ?? null,
    ship_postal_code: address?.postalCode ?? null,
    ship_country: address?.country ?? null,
    shipping_zone: goods?.zone.name ?? null,
    tax_rate: goods?.zone.taxRate ?? null,
  };
  const lines = (goods?.lines ?? []).map(({ item, variant }, position) => ({
    variant_id: variant.variantId,
    merchandise_id: variant.merchandiseId,
    sku: variant.sku,
    options: variant.options,
    item_name: variant.itemName,
    quantity: item.quantity,
    unit_price: variant.price,
    tax: fromCents(taxes[position]),
    ships_from: variant.shipsFrom,
    position,
  }));
  return [
    unpaidHolderKeys("merchandise-order", { clientAddress, email }),
    clientAddress,
    email.toLowerCase(),
    holdsSince(),
    deps.unpaidHolds.perAddress,
    deps.unpaidHolds.perEmail,
    items.map((item) => item.variantId),
    items.map((item) => item.quantity),
    JSON.stringify(order),
    JSON.stringify(lines),
  ];
}

/** The placement on its own, prepared by name: it commits as it returns. */
async function placeAlone(pool: pg.Pool, args: unknown[]): Promise<Placement> {
  const { rows } = await pool.query<{ result: Placement }>({
    name: "merchandise_place_order",
    text: PLACE_SQL,
    values: [...args, false],
  });
  return rows[0].result;
}

/** The same inside a transaction that also queues the low-stock e-mail it calls for. */
async function placeWithAlerts(deps: CheckoutDeps, tx: Transaction, args: unknown[]): Promise<Placement> {
  const params = [...args, true].map((value, i) => sql`${sql.param(value)}::${sql.raw(PLACE_TYPES[i] ?? "boolean")}`);
  const { rows } = await tx.execute<{ result: Placement }>(
    sql`select merchandise_place_order(${sql.join(params, sql`, `)}) as result`,
  );
  const placement = rows[0].result;
  if (placement.outcome === "placed") await afterStockChange(deps, tx, placement.changes);
  return placement;
}

/** Runs `work` holding a turn at each of these variants, taken in id order (so turns never wait in a circle). */
function inTurns<T>(deps: CheckoutDeps, variantIds: string[], work: () => Promise<T>): Promise<T> {
  const [first, ...rest] = variantIds;
  return first === undefined ? work() : deps.placementTurns.run(first, () => inTurns(deps, rest, work));
}

/**
 * Prices the order (one read, and the store's for downloads), then holds every line's stock and
 * records the order with its lines in one statement that also checks the buyer's unpaid holds;
 * then asks Stripe for exactly the total. The hold commits before the Stripe call (no row waits
 * on the network); if Stripe fails, the order is removed and its stock given back. A cart with
 * downloads places them in the same transaction as the order (the store's pending purchases).
 */
export async function placeOrder(
  deps: CheckoutDeps,
  request: PlaceOrder,
  clientAddress: string,
  userId: string | undefined,
): Promise<PlacedOrder> {
  deps.payments.assertAvailable();
  const { items, digital, email, address } = request;
  const variantIds = items.map((item) => item.variantId);
  // The schema asks for a country whenever there is no address.
  const country = address?.country ?? request.country ?? "";
  const countryField = address ? "address.country" : "country";
  const totals = await priceWholeCart(deps, { items, digital, country }, countryField);
  if (totals.totalCents < MINIMUM_CHARGE_CENTS) {
    throw HttpError.badRequest(`Card payments start at ${formatMoney(fromCents(MINIMUM_CHARGE_CENTS))}`);
  }
  const args = placementArguments(deps, request, totals, clientAddress, userId);
  let placement: Placement;
  if (digital.length > 0) {
    placement = await inTurns(deps, [...variantIds].sort(), () =>
      deps.db.transaction(async (tx) => {
        const placed = await placeWithAlerts(deps, tx, args);
        if (placed.outcome === "placed") await deps.downloads.hold(tx, placed.id, email, totals.downloads);
        return placed;
      }),
    );
    deps.messages.deliverSoon();
  } else {
    placement = await inTurns(deps, [...variantIds].sort(), () => placeAlone(deps.pool, args));
    if (placement.outcome === "alert") {
      placement = await deps.db.transaction((tx) => placeWithAlerts(deps, tx, args));
      // The low-stock notice this hold queued goes out now, not at the next sweep.
      deps.messages.deliverSoon();
    }
  }
  if (placement.outcome === "too-many") throw HttpError.tooMany(TOO_MANY_UNPAID_MESSAGE);
  if (placement.outcome === "short") {
    const variant = totals.rows?.variants.find((v) => v.variantId === placement.variantId);
    if (!variant || placement.stock === null) throw HttpError.notFound("An item in the cart is no longer sold");
    // The short line is named by its place in the cart too, so the checkout shows it beside that line.
    const index = items.findIndex((item) => item.variantId === placement.variantId);
    throw HttpError.conflict(`Only ${placement.stock} left of ${lineLabel(variant.itemName, variant.options)}`, {
      [`items.${index}.quantity`]: [`Only ${placement.stock} left`],
    });
  }
  if (placement.outcome !== "placed") throw new Error(`unexpected placement: ${placement.outcome}`);
  const order = placement;

  const unitCount = items.reduce((sum, item) => sum + item.quantity, 0) + digital.length;
  const intent = await createIntentOrRollBack(
    deps.payments,
    {
      amountCents: toCents(order.totalAmount),
      metadata: { [MERCHANDISE_ORDER_METADATA_KEY]: order.id },
      idempotencyScope: `merchandise-order-${order.id}`,
      description: `Order #${order.orderNumber}: ${unitCount} item${unitCount === 1 ? "" : "s"}`,
      receiptEmail: email,
    },
    {
      undo: () => releaseUnpaidOrder(deps, order.id),
      logger: deps.logger,
      context: { orderId: order.id },
      failure: "could not release the stock of an order without payment",
    },
  );
  await deps.pool.query({
    name: "merchandise_attach_payment_intent",
    text: "update merchandise_orders set payment_intent_id = $2 where id = $1",
    values: [order.id, intent.id],
  });
  if (digital.length > 0) await deps.downloads.attachIntent(deps.db, order.id, intent.id);
  return { orderId: order.id, clientSecret: intent.clientSecret, total: order.totalAmount };
}
