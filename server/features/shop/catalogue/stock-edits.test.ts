import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import { STOCK_NEEDS_READ_VALUE } from "@shared/merchandise-variants";
import { merchandise, merchandiseStockRequests, merchandiseVariants } from "@shared/merchandise.table";
import { outboxMessages } from "@shared/outbox.table";
import type { Agent, TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL, buyItem, cartOrder } from "../../../test/payments";
import type { SmtpSink } from "../../../test/smtp-sink";
import type { StripeStandIn } from "../../../test/stripe-stand-in";
import { useShopApp } from "../shop-app.test-support";
import { insertPaidOrder } from "../fulfilment/merchandise-fulfilment.test-support";
import { stockMovedMessage } from "./merchandise.service";

// A save of the admins' forms and the shop's one stock-change path, on real PostgreSQL; e-mails
// are read from the outbox rows the change queued (and, for the checkout's notice, the mailbox).
const shop = useShopApp({
  // No sweep during a test: an e-mail that arrives was asked for by the change itself.
  JOBS_SWEEP_INTERVAL_MS: "600000",
});
let stripe: StripeStandIn;
let sink: SmtpSink;
let app: TestApp;
let admin: Agent;
beforeAll(() => {
  ({ stripe, sink, app, admin } = shop);
});

let counter = 0;
async function insertItem(values: Partial<typeof merchandise.$inferInsert> = {}) {
  counter += 1;
  const [row] = await app.db
    .insert(merchandise)
    .values({ name: `Stock Tee ${counter}`, price: "20.00", stockQuantity: 10, ...values })
    .returning();
  return row;
}

async function itemRow(id: string) {
  const [row] = await app.db.select().from(merchandise).where(eq(merchandise.id, id));
  return row;
}

async function variantRow(id: string) {
  const [row] = await app.db.select().from(merchandiseVariants).where(eq(merchandiseVariants.id, id));
  return row;
}

const outboxAbout = (template: string, aboutId: string) =>
  app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.template, template), eq(outboxMessages.aboutId, aboutId)));

describe("saving an item never writes back stale stock", () => {
  it("stock 10, 2 sold, the form saved with the 10 it read: still 8, and the save is refused whole", async () => {
    const item = await insertItem({ stockQuantity: 10 });
    await buyItem(app, item.id, 2, "early@fans.test").expect(201);
    expect((await itemRow(item.id)).stockQuantity).toBe(8);

    const stale = await admin
      .patch(`/api/merchandise/${item.id}`)
      .send({ name: "Renamed Tee", stockQuantity: 10, expectedStockQuantity: 10 })
      .expect(409);
    expect(stale.body).toEqual({ message: stockMovedMessage(8) });
    expect(await itemRow(item.id)).toMatchObject({ stockQuantity: 8, name: item.name });

    // A stock without the value it was read as is not taken as a new stock.
    const unread = await admin
      .patch(`/api/merchandise/${item.id}`)
      .send({ name: "Renamed Tee", stockQuantity: 10 })
      .expect(400);
    expect(unread.body.fieldErrors).toEqual({ stockQuantity: [STOCK_NEEDS_READ_VALUE] });
    expect((await itemRow(item.id)).stockQuantity).toBe(8);

    // Other fields never touch stock.
    await admin.patch(`/api/merchandise/${item.id}`).send({ name: "Renamed Tee", maxPerOrder: 4 }).expect(200);
    expect(await itemRow(item.id)).toMatchObject({ stockQuantity: 8, name: "Renamed Tee", maxPerOrder: 4 });
  });

  it("adds or takes units relative to the stock there is now, and sets a new stock only from the one there is", async () => {
    const item = await insertItem({ stockQuantity: 10 });
    await buyItem(app, item.id, 3, "mid@fans.test").expect(201);
    // The form opened at 10 and the admin typed 15: +5 on the 7 left.
    const added = await admin.patch(`/api/merchandise/${item.id}`).send({ stockAdjustment: 5 }).expect(200);
    expect(added.body.stockQuantity).toBe(12);
    await admin.patch(`/api/merchandise/${item.id}`).send({ stockQuantity: 20, expectedStockQuantity: 12 }).expect(200);
    expect((await itemRow(item.id)).stockQuantity).toBe(20);

    const tooMany = await admin.patch(`/api/merchandise/${item.id}`).send({ stockAdjustment: -21 }).expect(409);
    expect(tooMany.body.message).toBe("Only 20 in stock: you can take away at most 20. Nothing was saved.");
    const both = await admin
      .patch(`/api/merchandise/${item.id}`)
      .send({ stockAdjustment: 1, stockQuantity: 3, expectedStockQuantity: 20 })
      .expect(400);
    expect(both.body.fieldErrors).toHaveProperty("stockAdjustment");
    expect((await itemRow(item.id)).stockQuantity).toBe(20);
  });

  it("does the same for a variant: the stale save changes nothing, an adjustment keeps the sales", async () => {
    const item = await insertItem({ stockQuantity: 10 });
    const variants = (
      await admin
        .put(`/api/merchandise/${item.id}/options`)
        .send({ options: [{ name: "Size", values: ["S", "M"] }] })
        .expect(200)
    ).body as MerchandiseWithVariants["variants"];
    const small = variants[0];
    await cartOrder(app, [{ variantId: small.id, quantity: 2 }], "size@fans.test").expect(201);

    const stale = await admin
      .patch(`/api/merchandise/variants/${small.id}`)
      .send({ price: "99.00", stockQuantity: 10, expectedStockQuantity: 10 })
      .expect(409);
    expect(stale.body.message).toBe(stockMovedMessage(8));
    expect(await variantRow(small.id)).toMatchObject({ stockQuantity: 8, price: null });

    await admin
      .patch(`/api/merchandise/variants/${small.id}`)
      .send({ sku: "STOCK-TEE-S", lowStockThreshold: 1, stockAdjustment: -3 })
      .expect(200);
    expect(await variantRow(small.id)).toMatchObject({ stockQuantity: 5, sku: "STOCK-TEE-S", lowStockThreshold: 1 });
    await admin.patch(`/api/merchandise/variants/${small.id}`).send({ price: "22.00" }).expect(200);
    expect((await variantRow(small.id)).stockQuantity).toBe(5);
    expect((await itemRow(item.id)).stockQuantity).toBe(5);
  });
});

/** The fans confirm their address by the e-mailed link (the link itself: stock-sign-ups.test.ts). */
async function confirmSignUps(variantId: string) {
  await app.db
    .update(merchandiseStockRequests)
    .set({ confirmedAt: new Date() })
    .where(eq(merchandiseStockRequests.variantId, variantId));
}

describe("restocks through the shared stock-change path", () => {
  it("a cancelled order's units going back tell the waiting fans and re-arm the low-stock notice", async () => {
    // Five units sold; the shelf is empty, its low-stock notice already sent.
    const { order, variants } = await insertPaidOrder(app, stripe, [
      { sku: "RESTOCK", quantity: 5, unitPrice: "20.00", stock: 0 },
    ]);
    const variant = variants[0];
    await app.db
      .update(merchandiseVariants)
      .set({ lowStockNotifiedAt: new Date() })
      .where(eq(merchandiseVariants.id, variant.id));
    await app
      .agent()
      .post(`/api/merchandise/variants/${variant.id}/stock-requests`)
      .send({ email: "waiting@fans.test" })
      .expect(201);
    await confirmSignUps(variant.id);

    await admin.post(`/api/merchandise-orders/${order.id}/cancel`).expect(200);

    expect(await variantRow(variant.id)).toMatchObject({ stockQuantity: 5, lowStockNotifiedAt: null });
    const [request] = await app.db
      .select()
      .from(merchandiseStockRequests)
      .where(eq(merchandiseStockRequests.variantId, variant.id));
    expect(request.notifiedAt).not.toBeNull();
    expect(await outboxAbout("merchandise-back-in-stock", request.id)).toEqual([
      expect.objectContaining({ recipient: "waiting@fans.test" }),
    ]);

    // Re-armed: selling down to the threshold again tells the admins again.
    await cartOrder(app, [{ variantId: variant.id, quantity: 2 }], "again@fans.test").expect(201);
    expect(await outboxAbout("merchandise-low-stock", variant.id)).toHaveLength(1);
  });

  it("an admin's adjustment up from sold out tells the waiting fans", async () => {
    const item = await insertItem({ stockQuantity: 0 });
    const [variant] = await app.db
      .select()
      .from(merchandiseVariants)
      .where(eq(merchandiseVariants.merchandiseId, item.id));
    await app
      .agent()
      .post(`/api/merchandise/variants/${variant.id}/stock-requests`)
      .send({ email: "patient@fans.test" })
      .expect(201);
    await confirmSignUps(variant.id);
    await admin.patch(`/api/merchandise/${item.id}`).send({ stockAdjustment: 4 }).expect(200);
    const [request] = await app.db
      .select()
      .from(merchandiseStockRequests)
      .where(eq(merchandiseStockRequests.variantId, variant.id));
    expect(await outboxAbout("merchandise-back-in-stock", request.id)).toHaveLength(1);
  });
});

describe("the cart checkout's low-stock notice", () => {
  it("is queued with the hold and delivered at once, not at the next sweep", async () => {
    const item = await insertItem({ name: "Last Few Tote", stockQuantity: 5 });
    await buyItem(app, item.id, 2, "tote@fans.test").expect(201); // 3 left: at the threshold
    const [variant] = await app.db
      .select()
      .from(merchandiseVariants)
      .where(eq(merchandiseVariants.merchandiseId, item.id));
    expect(await outboxAbout("merchandise-low-stock", variant.id)).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ itemName: "Last Few Tote", stockQuantity: 3 }) }),
    ]);
    // The sweep is ten minutes away: only the checkout's own request for delivery sends it.
    const [mail] = await sink.waitFor((m) => m.subject === "Low stock: Last Few Tote, 3 left", 1, 8000);
    expect(mail.to).toMatchObject({ value: [{ address: ADMIN_EMAIL }] });
  });
});
