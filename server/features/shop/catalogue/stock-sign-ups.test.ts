import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchandise, merchandiseStockRequests } from "@shared/merchandise.table";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import { outboxMessages } from "@shared/outbox.table";
import { startSmtpSink, type SmtpSink } from "../../../test/smtp-sink";
import { startTestApp, type Agent, type TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL } from "../../../test/payments";

let sink: SmtpSink;
let app: TestApp;
let admin: Agent;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({
    env: {
      ADMIN_EMAILS: ADMIN_EMAIL,
      SMTP_URL: sink.url(),
      MAIL_FROM: "Label Records <shop@label.test>",
      JOBS_SWEEP_INTERVAL_MS: "1000",
      JOBS_POLL_INTERVAL_MS: "500",
      MAIL_RETRY_DELAY_MS: "1000",
      STOCK_REQUESTS_PER_HOUR: "3",
    },
    workers: true,
  });
  admin = await app.signIn(ADMIN_EMAIL);
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

let counter = 0;
/** A sold-out item with sizes S and M, both at 0. */
async function soldOutVariant() {
  counter += 1;
  const [item] = await app.db
    .insert(merchandise)
    .values({ name: `Rare Cap ${counter}`, price: "25.00", stockQuantity: 0 })
    .returning();
  const variants = (
    await admin
      .put(`/api/merchandise/${item.id}/options`)
      .send({ options: [{ name: "Size", values: ["S", "M"] }] })
      .expect(200)
  ).body as MerchandiseWithVariants["variants"];
  return { item, variant: variants.find((v) => v.options.Size === "M")! };
}

const ask = (variantId: string, email: string) =>
  request(app.baseUrl).post(`/api/merchandise/variants/${variantId}/stock-requests`).send({ email });
// The whole quoted address: "confirms@fan.test" must not match "never-confirms@fan.test".
const to = (address: string) => (mail: { to?: unknown }) => JSON.stringify(mail.to ?? "").includes(`"${address}"`);
const confirmLinkIn = (text: string) =>
  /https?:\/\/\S+\/api\/merchandise\/stock-requests\/confirm\/[A-Za-z0-9._%-]+/.exec(text)?.[0];
const backInStockQueuedFor = async (address: string) =>
  (await app.db.select().from(outboxMessages).where(eq(outboxMessages.template, "merchandise-back-in-stock"))).filter(
    (row) => row.recipient === address,
  );

describe("signing up for a back-in-stock e-mail", () => {
  it("sends a confirmation e-mail with a signed link that says why it came; only a confirmed sign-up hears of the restock", async () => {
    const { item, variant } = await soldOutVariant();
    await ask(variant.id, "confirms@fan.test").expect(201);
    await ask(variant.id, "never-confirms@fan.test").expect(201);
    const [mail] = await sink.waitFor(to("confirms@fan.test"));
    expect(mail.subject).toBe(`Confirm: e-mail you when ${item.name} (M) is back at Label Records?`);
    expect(mail.text).toContain("You get this e-mail because this address was typed into the item's page");
    const link = confirmLinkIn(mail.text ?? "")!;
    expect(link).toBeDefined();

    const page = await request(link).get("").expect(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.text).toContain("You&#39;re on the list");
    expect(page.text).toContain(`We will send you one e-mail when ${item.name} (M) is back in stock.`);
    // Opening it again is harmless.
    await request(link).get("").expect(200);

    await admin.patch(`/api/merchandise/variants/${variant.id}`).send({ stockAdjustment: 3 }).expect(200);
    const [back] = await sink.waitFor(
      (m) => to("confirms@fan.test")(m) && m.subject?.startsWith("Back in stock") === true,
    );
    expect(back.text).toContain("and confirmed this address");
    expect(await backInStockQueuedFor("never-confirms@fan.test")).toHaveLength(0);
    const [unconfirmed] = await app.db
      .select()
      .from(merchandiseStockRequests)
      .where(eq(merchandiseStockRequests.email, "never-confirms@fan.test"));
    expect(unconfirmed).toMatchObject({ confirmedAt: null, notifiedAt: null });
  });

  it("answers a tampered or unknown link with a page in plain words, confirming nothing", async () => {
    const { variant } = await soldOutVariant();
    await ask(variant.id, "tamper@fan.test").expect(201);
    const [mail] = await sink.waitFor(to("tamper@fan.test"));
    const link = confirmLinkIn(mail.text ?? "")!;
    const page = await request(`${link.slice(0, -2)}xx`)
      .get("")
      .expect(404);
    expect(page.text).toContain("This confirmation link isn&#39;t valid.");
    const [row] = await app.db
      .select()
      .from(merchandiseStockRequests)
      .where(eq(merchandiseStockRequests.email, "tamper@fan.test"));
    expect(row.confirmedAt).toBeNull();
  });

  it("takes one address at most 3 times per hour from one visitor, then answers 429 saying when, sending nothing more", async () => {
    const { variant } = await soldOutVariant();
    for (let i = 0; i < 3; i += 1) await ask(variant.id, "flooded@fan.test").expect(201);
    const res = await ask(variant.id, "FLOODED@fan.test").expect(429);
    expect(res.body.message).toMatch(
      /^This address was signed up here 3 times in the last hour\. You can try again in \d+ minutes?\.$/,
    );
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(3000);
    const confirmations = await app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "flooded@fan.test"));
    expect(confirmations).toHaveLength(3);
    // Another address is counted apart.
    await ask(variant.id, "calm@fan.test").expect(201);
  });
});
