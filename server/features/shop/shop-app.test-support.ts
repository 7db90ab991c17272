import { afterAll, beforeAll } from "vitest";
import { startTestApp, type Agent, type StartTestAppOptions, type TestApp } from "../../test/app-harness";
import { ADMIN_EMAIL, STRIPE_TEST_ENV } from "../../test/payments";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { startStripeStandIn, type StripeStandIn } from "../../test/stripe-stand-in";

/** What a shop test file works with, set once its app has started (useShopApp). */
export interface ShopTestContext {
  app: TestApp;
  admin: Agent;
  stripe: StripeStandIn;
  sink: SmtpSink;
}

/**
 * Starts the app for a shop test file, with card payments through the Stripe stand-in, mail
 * into an SMTP sink, background workers and an administrator signed in, and closes it all after
 * the file. `env` adds to or overrides the settings (a session secret, a slower sweep);
 * `mountClient` serves a client page after the API. The context is filled in before the file's
 * own hooks run.
 */
export function useShopApp(
  env: Record<string, string> = {},
  { mountClient }: Pick<StartTestAppOptions, "mountClient"> = {},
): ShopTestContext {
  const shop = {} as ShopTestContext;
  beforeAll(async () => {
    shop.stripe = await startStripeStandIn();
    shop.sink = await startSmtpSink();
    shop.app = await startTestApp({
      env: {
        ...STRIPE_TEST_ENV,
        STRIPE_API_BASE: shop.stripe.url,
        ADMIN_EMAILS: ADMIN_EMAIL,
        SMTP_URL: shop.sink.url(),
        MAIL_FROM: "Label Records <shop@label.test>",
        JOBS_SWEEP_INTERVAL_MS: "1000",
        JOBS_POLL_INTERVAL_MS: "500",
        MAIL_RETRY_DELAY_MS: "1000",
        ...env,
      },
      workers: true,
      mountClient,
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
