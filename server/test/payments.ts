import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { sql } from "drizzle-orm";
import type { Test } from "supertest";
import { merchandise } from "@shared/merchandise.table";
import { tourDates } from "@shared/tour-dates.table";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";
import { startTestApp, type Agent, type TestApp } from "./app-harness";

/** Stripe set-up and small factories for the checkout API tests (each test file has its own database). */

export const ADMIN_EMAIL = "admin@label.test";
export const WEBHOOK_SECRET = "whsec_test_stand_in_secret";

export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: "sk_test_stand_in",
  STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};

/**
 * For a test file: the app wired to a fresh Stripe stand-in through the real `stripe`
 * client, started before its tests and stopped after them. `env` adds settings of the file's
 * own (limits, job timings); `workers` runs the background jobs too.
 */
export function setUpPaymentsApp(options: { env?: Record<string, string>; workers?: boolean } = {}): {
  app: TestApp;
  stripe: StripeStandIn;
} {
  const env = {} as { app: TestApp; stripe: StripeStandIn };
  beforeAll(async () => {
    env.stripe = await startStripeStandIn();
    env.app = await startTestApp({
      env: { ADMIN_EMAILS: ADMIN_EMAIL, ...STRIPE_TEST_ENV, STRIPE_API_BASE: env.stripe.url, ...options.env },
      workers: options.workers,
    });
  });
  afterAll(async () => {
    await env.app?.close();
    await env.stripe?.close();
  });
  return env;
}

let tourCounter = 0;
export async function insertTourDate(app: TestApp, values: Partial<typeof tourDates.$inferInsert> = {}) {
  tourCounter += 1;
  const [row] = await app.db
    .insert(tourDates)
    .values({
      artistName: `Artist ${tourCounter}`,
      date: "2030-06-01",
      time: "20:00",
      location: "Main Hall",
      ...values,
    })
    .returning();
  return row;
}

export async function insertMerchandise(app: TestApp, values: Partial<typeof merchandise.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(merchandise)
    .values({ name: "Tour Shirt", price: "25.00", stockQuantity: 10, isAvailable: 1, ...values })
    .returning();
  return row;
}

/** The vendor form values as the client sends them (docs/product.md, "Vendor booking"). */
export function vendorBookingData(tourDateId: string, overrides: Record<string, unknown> = {}) {
  return {
    tourDateId,
    vendorName: "Rosa Diaz",
    vendorEmail: "rosa@tacos.test",
    vendorPhone: "+1 555 0100",
    businessName: "Rosa's Tacos",
    foodType: "Mexican",
    spotType: "standard",
    amount: 150,
    ...overrides,
  };
}

/** "pi_x_secret_y" -> "pi_x", as Stripe.js reports the intent after confirming. */
export function intentIdOf(clientSecret: string): string {
  return clientSecret.slice(0, clientSecret.indexOf("_secret_"));
}

/** Polls until `check` holds (give the app fast scheduled jobs: JOBS_SWEEP_INTERVAL_MS). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Posts a webhook exactly as Stripe would: the raw JSON and its Stripe-Signature header. */
export function postWebhook(agent: Agent, event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return agent
    .post("/api/stripe/webhook")
    .set("Content-Type", "application/json")
    .set("Stripe-Signature", signature)
    .send(payload);
}

/** The address the shop's test orders ship to: in the zone shipsToTestZone sets up. */
export const TEST_SHIPPING_ADDRESS = {
  name: "Ada Fan",
  line1: "1 Main St",
  city: "Portland",
  region: "OR",
  postalCode: "97201",
  country: "US",
};

/**
 * Lets these variants' items ship to the United States: a zone with it (added, without tax, when
 * no zone has it) and a free rate for each item to that zone (kept when one is set).
 */
export async function shipsToTestZone(app: TestApp, variantIds: string[]): Promise<void> {
  await app.db.execute(sql`
    insert into shipping_zones (name, countries, tax_rate)
    select 'Test zone', array['US'], 0
    where not exists (select 1 from shipping_zones where 'US' = any(countries))
    on conflict (name) do nothing`);
  await app.db.execute(sql`
    insert into merchandise_shipping_rates (merchandise_id, zone_id, first, additional)
    select distinct v.merchandise_id, z.id, 0, 0
    from merchandise_variants v, shipping_zones z
    where v.id = any(${sql.param(variantIds)}::varchar[]) and 'US' = any(z.countries)
    on conflict do nothing`);
}

/**
 * The request, sent only after `before` has run (set-up the request needs): still a supertest
 * request, so callers chain `.expect(201)` as on any other.
 */
function after(before: (request: Test) => Promise<void>, request: Test): Test {
  const run = request.then.bind(request);
  request.then = ((resolve, reject) => before(request).then(() => run(resolve, reject), reject)) as Test["then"];
  return request;
}

/**
 * Buys through the cart's checkout, as every page does (POST /api/merchandise-orders); the 201
 * carries { orderId, clientSecret, total }. `from` speaks from that address (for an app that
 * trusts a proxy on loopback).
 */
export function cartOrder(
  app: TestApp,
  items: { variantId: string; quantity: number }[],
  email = "fan@fans.test",
  { agent = app.agent(), from }: { agent?: Agent; from?: string } = {},
): Test {
  const request = agent.post("/api/merchandise-orders");
  if (from) request.set("X-Forwarded-For", from);
  return after(async (r) => {
    await shipsToTestZone(
      app,
      items.map((item) => item.variantId),
    );
    r.send({ items, email, address: TEST_SHIPPING_ADDRESS });
  }, request);
}

/** The one variant of an item without options: what the cart sells of it. */
export async function defaultVariantOf(app: TestApp, merchandiseId: string): Promise<string> {
  const { rows } = await app.db.execute<{ id: string }>(
    sql`select id from merchandise_variants where merchandise_id = ${merchandiseId} and options = '{}'::jsonb`,
  );
  if (!rows[0]) throw new Error(`item ${merchandiseId} has options: name the variant`);
  return rows[0].id;
}

/** Buys `quantity` of an item without options through the cart. */
export function buyItem(
  app: TestApp,
  merchandiseId: string,
  quantity: number,
  email = "fan@fans.test",
  { agent = app.agent(), from }: { agent?: Agent; from?: string } = {},
): Test {
  const request = agent.post("/api/merchandise-orders");
  if (from) request.set("X-Forwarded-For", from);
  return after(async (r) => {
    const variantId = await defaultVariantOf(app, merchandiseId);
    await shipsToTestZone(app, [variantId]);
    r.send({ items: [{ variantId, quantity }], email, address: TEST_SHIPPING_ADDRESS });
  }, request);
}
