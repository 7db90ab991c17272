import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import type { EventRow } from "@shared/events";
import { events } from "@shared/events.table";
import { outboxMessages } from "@shared/outbox.table";
import { ticketPurchases } from "@shared/tickets.table";
import { startStripeStandIn, type StripeStandIn } from "../../test/stripe-stand-in";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";

/** Small factories for the ticket API tests (each test file has its own database). */

export const ADMIN_EMAIL = "admin@label.test";
export const WEBHOOK_SECRET = "whsec_test_tickets";
export const SESSION_SECRET = "a-session-secret-for-the-ticket-tests-0123456789";

/** The app with card payments on (a Stripe stand-in) and fast scheduled jobs; `overrides` changes settings. */
export function setUpTicketsApp(overrides: Record<string, string> = {}): { app: TestApp; stripe: StripeStandIn } {
  const env = {} as { app: TestApp; stripe: StripeStandIn };
  beforeAll(async () => {
    env.stripe = await startStripeStandIn();
    env.app = await startTestApp({
      env: {
        ADMIN_EMAILS: ADMIN_EMAIL,
        SESSION_SECRET,
        STRIPE_SECRET_KEY: "sk_test_stand_in",
        STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: env.stripe.url,
        JOBS_SWEEP_INTERVAL_MS: "1000",
        JOBS_POLL_INTERVAL_MS: "500",
        UNPAID_HOLDS_PER_EMAIL: "5",
        ...overrides,
      },
      workers: true,
    });
  });
  afterAll(async () => {
    await env.app?.close();
    await env.stripe?.close();
  });
  return env;
}

export function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

export async function insertEvent(app: TestApp, values: Partial<typeof events.$inferInsert> = {}): Promise<EventRow> {
  const [row] = await app.db
    .insert(events)
    .values({
      name: "Blue Hour Sessions",
      artist: "Marisol Vega",
      venue: "The Blue Lantern",
      date: daysFromToday(14),
      time: "19:30",
      totalTickets: 20,
      availableTickets: 20,
      ticketPrice: "25.00",
      status: "on-sale",
      ...values,
    })
    .returning();
  return row;
}

export async function eventRow(app: TestApp, id: string): Promise<EventRow> {
  const [row] = await app.db.select().from(events).where(eq(events.id, id));
  return row;
}

export async function orderRow(app: TestApp, id: string) {
  const [row] = await app.db.select().from(ticketPurchases).where(eq(ticketPurchases.id, id));
  return row;
}

/** Templates of the messages queued about an order, oldest first. */
export async function messagesAbout(app: TestApp, orderId: string): Promise<string[]> {
  const rows = await app.db
    .select({ template: outboxMessages.template })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, "ticket_purchase"), eq(outboxMessages.aboutId, orderId)))
    .orderBy(outboxMessages.createdAt);
  return rows.map((row) => row.template);
}

/** "pi_x_secret_y" -> "pi_x", as Stripe.js reports the intent after confirming. */
export function intentIdOf(clientSecret: string): string {
  return clientSecret.slice(0, clientSecret.indexOf("_secret_"));
}

/** Posts a webhook exactly as Stripe would: the raw JSON and its Stripe-Signature header. */
export function postWebhook(agent: Agent, event: object) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return agent
    .post("/api/stripe/webhook")
    .set("Content-Type", "application/json")
    .set("Stripe-Signature", signature)
    .send(payload);
}

/** Polls until `check` holds (scheduled jobs run every second in these tests). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
