import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { merchandiseOrders } from "@shared/merchandise-orders.table";
import { outboxMessages } from "@shared/outbox.table";
import { signedTokens } from "../../../lib/signed-token";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL, STRIPE_TEST_ENV } from "../../../test/payments";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink";
import { startStripeStandIn, type StripeStandIn } from "../../../test/stripe-stand-in";

const SECRET = "fulfilment-test-session-secret-0123456789";
/** Signs order links as the app under test does (it runs with SECRET). */
export const orderTokens = signedTokens(SECRET, "merchandise-order");

/** What a fulfilment test file works with, set once its app has started (useFulfilmentApp). */
export interface FulfilmentTestContext {
  app: TestApp;
  admin: Agent;
  stripe: StripeStandIn;
  sink: SmtpSink;
}

const shop = {} as FulfilmentTestContext;

/**
 * Starts the app for a fulfilment test file (Stripe stand-in, SMTP sink, workers, a known
 * session secret for order links) and closes it after the file. The context is filled in
 * before the file's own hooks run.
 */
export function useFulfilmentApp(): FulfilmentTestContext {
  beforeAll(async () => {
    shop.stripe = await startStripeStandIn();
    shop.sink = await startSmtpSink();
    shop.app = await startTestApp({
      env: {
        ...STRIPE_TEST_ENV,
        STRIPE_API_BASE: shop.stripe.url,
        ADMIN_EMAILS: ADMIN_EMAIL,
        SESSION_SECRET: SECRET,
        SMTP_URL: shop.sink.url(),
        MAIL_FROM: "Label Records <shop@label.test>",
        JOBS_SWEEP_INTERVAL_MS: "1000",
        JOBS_POLL_INTERVAL_MS: "500",
        MAIL_RETRY_DELAY_MS: "1000",
      },
      workers: true,
    });
    shop.admin = await shop.app.signIn(ADMIN_EMAIL);
  });
  afterAll(async () => {
    await shop.app?.close();
    await shop.sink?.close();
    await shop.stripe?.close();
  });
  return shop;
}

export const base = (id: string) => `/api/merchandise-orders/${id}`;

export function messagesAbout(aboutType: string, aboutId: string) {
  return shop.app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, aboutType), eq(outboxMessages.aboutId, aboutId)));
}

export async function orderRow(id: string) {
  const [row] = await shop.app.db.select().from(merchandiseOrders).where(eq(merchandiseOrders.id, id));
  return row;
}
