// The music store end to end: an administrator uploads a master and puts the release on sale;
// a visitor, signed out, names a price of zero, gets the link and downloads the FLAC zip, then
// redeems a download code; signed in with that address, their library lists both. Another
// visitor names a price above the minimum and pays by card (the repo's Stripe stand-in, since
// the machine is offline: Stripe's webhook is sent as Stripe would sign it), then downloads.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { startStripeStandIn, type StripeStandIn } from "../server/test/stripe-stand-in";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "store-admin@label.test";
const WEBHOOK_SECRET = "whsec_store_e2e";
let server: BuiltServer;
let browser: Browser;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startBuiltServer({
    ADMIN_EMAILS: ADMIN,
    STRIPE_SECRET_KEY: "sk_test_stand_in",
    STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
});

/** Stripe's word that the card was paid, signed with the webhook secret. */
async function sendPaidWebhook(intentId: string) {
  const payload = JSON.stringify(stripe.event("payment_intent.succeeded", intentId));
  const webhook = await fetch(`${server.baseUrl}/api/stripe/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(webhook.status).toBe(200);
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function makeWav(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-e2e-"));
  const file = path.join(dir, "tone.wav");
  execFileSync("/usr/bin/ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=330:duration=2", file]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** A one-track release made through the admin's pages: master uploaded, made Ready, on sale. */
async function releaseOnSale(title: string, minimum: string) {
  const upc = String(crypto.randomInt(10 ** 11, 10 ** 12 - 1));
  const [release] = await query<{ id: string }>(
    "insert into releases (title, artist, upc) values ($2, 'Mara Quill', $1) returning id",
    [upc, title],
  );
  await query("insert into tracks (release_id, title, isrc, position) values ($1, 'Low Tide', $2, 0)", [
    release.id,
    `ZZE2E26${String(crypto.randomInt(100000)).padStart(5, "0")}`,
  ]);

  const admin = await (await contextForThisTest(browser)).newPage();
  await signInThroughPage(admin, server.baseUrl, ADMIN);
  await admin.goto(`${server.baseUrl}/admin/store`);
  await admin.getByRole("button", { name: `${title} — Mara Quill` }).click();
  await admin.getByText("No master yet").waitFor();
  await admin
    .getByLabel("Master (WAV or FLAC, up to 500 MB)")
    .setInputFiles({ name: "low-tide.wav", mimeType: "audio/wav", buffer: makeWav() });
  await admin.getByText("Ready", { exact: true }).waitFor({ timeout: 60_000 });
  await admin.getByLabel("Minimum (0 allows free downloads)").fill(minimum);
  await admin.getByLabel("Suggested price").fill("6.00");
  await admin.getByLabel("Published in the store").check();
  await admin.getByRole("button", { name: "Save sale" }).click();
  await admin.getByRole("status").filter({ hasText: "Saved" }).waitFor();

  return { release, admin };
}

describe("the music store", () => {
  it("an admin puts a release on sale; a visitor names a price of 0, downloads FLAC and redeems a code; their library lists both", async () => {
    const { release, admin } = await releaseOnSale("Glass Harbour", "0");

    // The members' store lists it instead of the samples.
    await admin.goto(`${server.baseUrl}/store`);
    await admin.getByRole("link", { name: "Glass Harbour", exact: true }).waitFor();
    expect(await admin.getByText("Midnight Frequencies").count()).toBe(0);

    const visitor = await (await contextForThisTest(browser)).newPage();
    await visitor.goto(`${server.baseUrl}/store/${release.id}`);
    await visitor.getByRole("heading", { name: "Glass Harbour" }).waitFor();
    expect(await visitor.getByLabel("Name your price (USD)").inputValue()).toBe("6.00");
    await visitor.getByLabel("Name your price (USD)").fill("0");
    await visitor.getByLabel("E-mail for the download link").fill("fan@e2e.test");
    await visitor.getByRole("button", { name: "Get the download" }).click();
    await visitor.getByText("Your download link is on its way to fan@e2e.test.").waitFor();

    const [purchase] = await query<{ token: string }>("select token from store_purchases where email = 'fan@e2e.test'");
    await visitor.goto(`${server.baseUrl}/downloads/${purchase.token}`);
    await visitor.getByRole("heading", { name: "Download Glass Harbour" }).waitFor();
    const [download] = await Promise.all([
      visitor.waitForEvent("download"),
      visitor.getByRole("link", { name: "FLAC", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Mara Quill - Glass Harbour.zip");
    const saved = await download.path();
    const zip = fs.readFileSync(saved!);
    expect(zip.includes(Buffer.from("Mara Quill - Glass Harbour/01 Low Tide.flac"))).toBe(true);
    expect(zip.includes(Buffer.from("fLaC"))).toBe(true);
    // Or the track's own file, without a zip.
    const [single] = await Promise.all([
      visitor.waitForEvent("download"),
      visitor.getByRole("link", { name: "Download Low Tide as FLAC" }).click(),
    ]);
    expect(single.suggestedFilename()).toBe("Mara Quill - 01 Low Tide.flac");
    expect(
      fs
        .readFileSync((await single.path())!)
        .subarray(0, 4)
        .toString("latin1"),
    ).toBe("fLaC");

    // A code made by the admin is redeemed by the same fan, signed out.
    await admin.goto(`${server.baseUrl}/admin/store`);
    await admin.getByRole("button", { name: "Glass Harbour — Mara Quill" }).click();
    await admin.getByLabel("How many (1–1000)").fill("2");
    await admin.getByLabel("Batch").fill("Tour cards");
    await admin.getByRole("button", { name: "Make codes" }).click();
    await admin.getByText("2 codes made in “Tour cards”").waitFor();
    const [code] = await query<{ code: string }>("select code from store_codes where batch = 'Tour cards' limit 1");
    await visitor.goto(`${server.baseUrl}/redeem`);
    await visitor.getByLabel("Code").fill(code.code.toLowerCase());
    await visitor.getByLabel("E-mail for the download link").fill("fan@e2e.test");
    await visitor.getByRole("button", { name: "Redeem" }).click();
    await visitor.getByText("Your download link is on its way to fan@e2e.test.").waitFor();

    // Signed in with that address, the fan's library lists both.
    const fan = await (await contextForThisTest(browser)).newPage();
    await signInThroughPage(fan, server.baseUrl, "fan@e2e.test");
    await fan.goto(`${server.baseUrl}/library`);
    const music = fan.getByRole("list", { name: "Your music" });
    await music.waitFor();
    expect(await music.getByRole("listitem").count()).toBe(2);
    expect(await music.getByRole("link", { name: "Download Glass Harbour as FLAC" }).count()).toBe(2);
  });

  it("a visitor puts a release in the cart at a named price and pays for it at checkout, taxed by their country", async () => {
    await query("insert into digital_tax_rates (country, rate) values ('DE', 19) on conflict (country) do nothing");
    const { release } = await releaseOnSale("Harbour Lights", "5.00");
    const context = await contextForThisTest(browser);
    await context.route("https://js.stripe.com/**", (route) => route.abort());
    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}/store/${release.id}`);
    await visitor.getByRole("heading", { name: "Harbour Lights" }).waitFor();
    await visitor.getByLabel("Name your price (USD)").fill("10.00");
    await visitor.getByRole("button", { name: "Add to cart" }).click();
    await visitor.getByRole("button", { name: /Added/ }).waitFor();

    // A cart of downloads only asks for a country, not an address, and taxes by it.
    await visitor.goto(`${server.baseUrl}/checkout`);
    await visitor.getByRole("list", { name: "Items in your cart" }).getByText("Harbour Lights").waitFor();
    expect(await visitor.getByLabel("Postal code").count()).toBe(0);
    await visitor.getByLabel("Country").selectOption("DE");
    await visitor.getByText("Tax on downloads (19%)").waitFor();
    await visitor.getByLabel("Email").fill("cart-buyer@e2e.test");
    const placed = visitor.waitForResponse(
      (res) => res.url().endsWith("/api/merchandise-orders") && res.request().method() === "POST",
    );
    await visitor.getByRole("button", { name: "Continue to Payment" }).click();
    const answer = await placed;
    expect(answer.status()).toBe(201);
    const { clientSecret, total } = (await answer.json()) as { clientSecret: string; total: string };
    // $10.00 and 19% of it.
    expect(total).toBe("11.90");
    const intentId = clientSecret.slice(0, clientSecret.indexOf("_secret_"));
    expect(stripe.intents.get(intentId)).toMatchObject({
      amount: 1190,
      metadata: { merchandiseOrderId: expect.any(String) },
    });

    stripe.succeed(intentId);
    await sendPaidWebhook(intentId);
    const [purchase] = await query<{ token: string; status: string; tax: string }>(
      "select token, status, tax from store_purchases where email = 'cart-buyer@e2e.test'",
    );
    expect(purchase).toMatchObject({ status: "paid", tax: "1.90" });
    await visitor.goto(`${server.baseUrl}/downloads/${purchase.token}`);
    await visitor.getByRole("heading", { name: "Download Harbour Lights" }).waitFor();
    await context.close();
  });

  it("a visitor names a price above the minimum, pays by card, and the paid link downloads the release", async () => {
    const { release } = await releaseOnSale("Night Ferry", "5.00");
    const context = await contextForThisTest(browser);
    // Offline, Stripe.js cannot load: the card step says so, and the payment is made as Stripe would.
    await context.route("https://js.stripe.com/**", (route) => route.abort());
    const visitor = await context.newPage();
    await visitor.goto(`${server.baseUrl}/store/${release.id}`);
    await visitor.getByRole("heading", { name: "Night Ferry" }).waitFor();
    await visitor.getByLabel("Name your price (USD)").fill("4.00");
    await visitor.getByLabel("E-mail for the download link").fill("payer@e2e.test");
    await visitor.getByRole("button", { name: "Get the download" }).click();
    await visitor.getByText("The minimum for this release is $5.00").waitFor();

    const created = visitor.waitForResponse((res) => res.url().endsWith(`/api/store/releases/${release.id}/purchase`));
    await visitor.getByLabel("Name your price (USD)").fill("8.00");
    await visitor.getByRole("button", { name: "Get the download" }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const { clientSecret } = (await answer.json()) as { clientSecret: string };
    const intentId = clientSecret.slice(0, clientSecret.indexOf("_secret_"));
    expect(stripe.intents.get(intentId)).toMatchObject({ amount: 800, currency: "usd" });
    await visitor
      .getByText("The card form could not load. Check your connection or disable blockers, then try again.")
      .waitFor();

    // Stripe's word that the card was paid, signed with the webhook secret.
    stripe.succeed(intentId);
    await sendPaidWebhook(intentId);
    const [purchase] = await query<{ token: string; status: string; fee: string }>(
      "select token, status, fee from store_purchases where email = 'payer@e2e.test'",
    );
    // $8.00 less the stand-in's standard card fee (2.9% + 30¢ = 53¢) is the artist's line.
    expect(purchase).toMatchObject({ status: "paid", fee: "0.53" });
    const lines = await query<{ amount: string }>("select amount from royalty_lines where release_id = $1", [
      release.id,
    ]);
    expect(lines.map((line) => line.amount)).toEqual(["7.470000"]);

    await visitor.goto(`${server.baseUrl}/downloads/${purchase.token}`);
    await visitor.getByRole("heading", { name: "Download Night Ferry" }).waitFor();
    const [download] = await Promise.all([
      visitor.waitForEvent("download"),
      visitor.getByRole("link", { name: "MP3 320", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Mara Quill - Night Ferry.zip");
    const zip = fs.readFileSync((await download.path())!);
    expect(zip.includes(Buffer.from("Mara Quill - Night Ferry/01 Low Tide.mp3"))).toBe(true);
    await context.close();
  });
});
