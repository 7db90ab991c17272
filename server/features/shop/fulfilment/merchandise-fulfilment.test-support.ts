import { eq } from "drizzle-orm";
import { merchandise, merchandiseVariants } from "@shared/merchandise.table";
import { merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import { fromCents, toCents } from "@shared/money";
import type { TestApp } from "../../../test/app-harness";
import { STRIPE_TEST_ENV } from "../../../test/payments";
import type { StripeStandIn } from "../../../test/stripe-stand-in";

export interface TestLine {
  sku: string;
  options?: Record<string, string>;
  quantity: number;
  unitPrice: string;
  tax?: string;
  /** Units on the variant's shelf after the order took its own. */
  stock?: number;
}

let counter = 0;

/** A PaymentIntent for `cents`, created and paid at the stand-in, as a finished checkout leaves it. */
async function paidIntent(stripe: StripeStandIn, cents: number): Promise<string> {
  const res = await fetch(`${stripe.url}/v1/payment_intents`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${STRIPE_TEST_ENV.STRIPE_SECRET_KEY}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ amount: String(cents), currency: "usd" }).toString(),
  });
  const intent = (await res.json()) as { id: string };
  stripe.succeed(intent.id);
  return intent.id;
}

/**
 * A paid order with lines and an address, written straight to the tables (the checkout is
 * another feature's): each line gets its own variant of one item, and the order's payment is a
 * succeeded PaymentIntent at the stand-in for exactly its total.
 */
export async function insertPaidOrder(
  app: TestApp,
  stripe: StripeStandIn | null,
  lines: TestLine[],
  values: Partial<typeof merchandiseOrders.$inferInsert> = {},
) {
  counter += 1;
  const [item] = await app.db
    .insert(merchandise)
    .values({ name: `Shop Shirt ${counter}`, price: "20.00", stockQuantity: 0 })
    .returning();
  const variants: (typeof merchandiseVariants.$inferSelect)[] = [];
  for (const [i, line] of lines.entries()) {
    const [variant] = await app.db
      .insert(merchandiseVariants)
      .values({
        merchandiseId: item.id,
        sku: `${line.sku}-${counter}`,
        options: line.options ?? { Size: `S${i}` },
        price: line.unitPrice,
        stockQuantity: line.stock ?? 0,
      })
      .returning();
    variants.push(variant);
  }
  const subtotal = lines.reduce((n, l) => n + toCents(l.unitPrice) * l.quantity, 0);
  const tax = lines.reduce((n, l) => n + toCents(l.tax ?? "0"), 0);
  const shipping = toCents(values.shipping ?? "0");
  const total = subtotal + tax + shipping;
  const paymentIntentId = stripe ? await paidIntent(stripe, total) : null;
  const [order] = await app.db
    .insert(merchandiseOrders)
    .values({
      totalAmount: fromCents(total),
      subtotal: fromCents(subtotal),
      shipping: fromCents(shipping),
      tax: fromCents(tax),
      customerEmail: `buyer${counter}@fans.test`,
      paymentStatus: "paid",
      status: "paid",
      paidAt: new Date(),
      paymentIntentId,
      shipName: `Robin Buyer ${counter}`,
      shipLine1: "1 Vinyl Way",
      shipCity: "Portland",
      shipRegion: "OR",
      shipPostalCode: "97201",
      shipCountry: "US",
      ...values,
    })
    .returning();
  // As the checkout does: the intent names its order, so Stripe's events about it find the order.
  if (stripe && paymentIntentId) stripe.intents.get(paymentIntentId)!.metadata = { merchandiseOrderId: order.id };
  const inserted = await app.db
    .insert(merchandiseOrderLines)
    .values(
      lines.map((line, i) => ({
        orderId: order.id,
        variantId: variants[i].id,
        merchandiseId: item.id,
        sku: variants[i].sku,
        options: variants[i].options,
        itemName: item.name,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        tax: line.tax ?? "0",
        position: i,
      })),
    )
    .returning();
  inserted.sort((a, b) => a.position - b.position);
  return { order, item, variants, lines: inserted, paymentIntentId };
}

export async function variantStock(app: TestApp, variantId: string) {
  const [row] = await app.db
    .select({ stock: merchandiseVariants.stockQuantity })
    .from(merchandiseVariants)
    .where(eq(merchandiseVariants.id, variantId));
  return row.stock;
}
