import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startStripeStandIn, type StripeStandIn } from "../server/test/stripe-stand-in";
import { launchBrowser } from "./support/browser";
import { seriousViolations } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

let browser: Browser;
let stripe: StripeStandIn;
let unconfigured: BuiltServer;
let configured: BuiltServer;

async function query<T extends pg.QueryResultRow>(
  server: BuiltServer,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function seedTourDate(server: BuiltServer): Promise<string> {
  const [row] = await query<{ id: string }>(
    server,
    "insert into tour_dates (artist_name, date, time, location) values ('Nova Reign', '2030-05-04', '20:00', 'Pier 9') returning id",
  );
  return row.id;
}

beforeAll(async () => {
  stripe = await startStripeStandIn();
  [unconfigured, configured] = await Promise.all([
    startBuiltServer(),
    startBuiltServer({
      STRIPE_SECRET_KEY: "sk_test_stand_in",
      STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in",
      STRIPE_WEBHOOK_SECRET: "whsec_stand_in",
      STRIPE_API_BASE: stripe.url,
    }),
  ]);
  await Promise.all([seedTourDate(unconfigured), seedTourDate(configured)]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([unconfigured?.stop(), configured?.stop()]);
  await stripe?.close();
});

/** Walks the dialog as a vendor would, up to the payment step. */
async function bookUpToPayment(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/vendor-booking`);
  await page.getByRole("heading", { level: 1, name: "Food Vendor Event Slots" }).waitFor();
  await page.getByRole("heading", { name: "Nova Reign" }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Book Vendor Slot" }).click();
  const dialog = page.getByRole("dialog", { name: "Book Vendor Slot" });
  await dialog.getByRole("radio", { name: /Premium Spot/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await dialog.getByLabel("Vendor Name").fill("Rosa Diaz");
  await dialog.getByLabel("Email").fill("rosa@tacos.test");
  await dialog.getByLabel("Phone").fill("555 0100");
  await dialog.getByLabel("Business Name").fill("Rosa's Tacos");
  await dialog.getByLabel("Food Type").fill("Mexican");
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  await dialog.getByText("Step 3 of 3: Payment").waitFor();
  return dialog;
}

describe("food vendor booking in the browser", () => {
  it("without Stripe keys, the payment step shows the fallback and nothing is booked", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const dialog = await bookUpToPayment(page, unconfigured.baseUrl);
    await dialog.getByText("Payment processing is not available at this time. Please contact support.").waitFor();
    // .first(): Radix also reads the toast out through a short-lived live region.
    await page.getByText("Payment Not Available").first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await query(unconfigured, "select id from vendor_bookings")).toEqual([]);
    // One Escape closes the dialog, although the toast came up after it.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached", timeout: 2000 });
    await context.close();
  });

  it("with Stripe configured, reaches payment with a client secret; a blocked Stripe.js is said plainly and the booking stays pending", async () => {
    const context = await browser.newContext();
    // The machine is offline (and many visitors run blockers): Stripe.js cannot load.
    await context.route("https://js.stripe.com/**", (route) => route.abort());
    const page = await context.newPage();
    const created = page.waitForResponse((res) => res.url().endsWith("/api/vendor-bookings/payment-intent"));
    const dialog = await bookUpToPayment(page, configured.baseUrl);

    const response = await created;
    expect(response.status()).toBe(201);
    const { clientSecret } = (await response.json()) as { clientSecret: string };
    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const intentId = clientSecret.slice(0, clientSecret.indexOf("_secret_"));

    await dialog
      .getByText("The card form could not load. Check your connection or disable blockers, then try again.")
      .waitFor();
    await dialog.getByText("Nothing has been charged.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const rows = await query<{
      id: string;
      payment_status: string;
      payment_intent_id: string;
      amount: string;
      spot_type: string;
    }>(configured, "select id, payment_status, payment_intent_id, amount, spot_type from vendor_bookings");
    expect(rows).toEqual([
      {
        id: expect.any(String),
        payment_status: "pending",
        payment_intent_id: intentId,
        amount: "300.00",
        spot_type: "premium",
      },
    ]);
    expect(stripe.intents.get(intentId)).toMatchObject({
      amount: 30000,
      currency: "usd",
      metadata: { vendorBookingId: rows[0].id },
    });

    // Closing starts over at spot selection.
    await dialog.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Book Vendor Slot" }).click();
    await page.getByRole("dialog", { name: "Book Vendor Slot" }).getByText("Step 1 of 3: Choose a spot").waitFor();
    await context.close();
  });
});
