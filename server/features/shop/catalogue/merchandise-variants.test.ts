import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { merchandise, merchandiseStockRequests, merchandiseVariants } from "@shared/merchandise.table";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import { merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import { CHECKOUT_HOLD_MS } from "../../../lib/unpaid-holds";
import { outboxMessages } from "@shared/outbox.table";
import { capturedQueries } from "../../../test/captured-queries";
import type { SmtpSink } from "../../../test/smtp-sink";
import { useShopApp } from "../shop-app.test-support";
import type { Agent, TestApp } from "../../../test/app-harness";
import { ADMIN_EMAIL, cartOrder } from "../../../test/payments";

const shop = useShopApp();
let sink: SmtpSink;
let app: TestApp;
let admin: Agent;
beforeAll(() => {
  ({ sink, app, admin } = shop);
});

let counter = 0;
async function insertItem(values: Partial<typeof merchandise.$inferInsert> = {}) {
  counter += 1;
  const [row] = await app.db
    .insert(merchandise)
    .values({ name: `Tour Shirt ${counter}`, price: "25.00", stockQuantity: 12, ...values })
    .returning();
  return row;
}

async function setOptions(id: string, options: { name: string; values: string[] }[]) {
  return (await admin.put(`/api/merchandise/${id}/options`).send({ options }).expect(200))
    .body as MerchandiseWithVariants["variants"];
}

const itemOf = async (id: string) =>
  (await app.agent().get(`/api/merchandise/${id}`).expect(200)).body as MerchandiseWithVariants;

const byLabel = (variants: MerchandiseWithVariants["variants"]) =>
  Object.fromEntries(variants.map((v) => [Object.values(v.options).join("/"), v]));

/** Buys a variant through the cart, as every page does. */
function buy(variantId: string, quantity: number, email = "fan@x.test") {
  return cartOrder(app, [{ variantId, quantity }], email);
}

describe("options and variants", () => {
  it("makes one variant per combination, with generated SKUs and the item's price, and keeps stock across changes", async () => {
    const item = await insertItem({ name: "Tour Shirt" });
    const variants = await setOptions(item.id, [
      { name: "Size", values: ["S", "M", "L"] },
      { name: "Colour", values: ["Black", "White"] },
    ]);
    expect(variants.map((v) => v.options)).toEqual([
      { Size: "S", Colour: "Black" },
      { Size: "S", Colour: "White" },
      { Size: "M", Colour: "Black" },
      { Size: "M", Colour: "White" },
      { Size: "L", Colour: "Black" },
      { Size: "L", Colour: "White" },
    ]);
    // The default variant (its stock) carries on as the first combination, and the database's
    // stand-in SKU ("SKU-…", an item inserted by SQL) takes the scheme of the others.
    expect(variants[0]).toMatchObject({
      sku: "TOUR-SHIRT-S-BLACK",
      stockQuantity: 12,
      price: "25.00",
      ownPrice: false,
    });
    expect(variants.slice(1).map((v) => [v.sku, v.stockQuantity])).toEqual([
      ["TOUR-SHIRT-S-WHITE", 0],
      ["TOUR-SHIRT-M-BLACK", 0],
      ["TOUR-SHIRT-M-WHITE", 0],
      ["TOUR-SHIRT-L-BLACK", 0],
      ["TOUR-SHIRT-L-WHITE", 0],
    ]);

    const mBlack = byLabel(variants)["M/Black"];
    await admin
      .patch(`/api/merchandise/variants/${mBlack.id}`)
      .send({ stockQuantity: 5, expectedStockQuantity: 0, price: "27.50", sku: "TS-M-BLK" })
      .expect(200);
    // A colour dropped: each size keeps its Black variant (stock, price, SKU); the White ones go.
    const after = await setOptions(item.id, [{ name: "Size", values: ["S", "M", "L", "XL"] }]);
    expect(after.map((v) => [v.options, v.sku, v.stockQuantity, v.price])).toEqual([
      [{ Size: "S" }, variants[0].sku, 12, "25.00"],
      [{ Size: "M" }, "TS-M-BLK", 5, "27.50"],
      [{ Size: "L" }, "TOUR-SHIRT-L-BLACK", 0, "25.00"],
      [{ Size: "XL" }, "TOUR-SHIRT-XL", 0, "25.00"],
    ]);
    const page = await itemOf(item.id);
    expect(page.options).toEqual([{ name: "Size", values: ["S", "M", "L", "XL"] }]);
    expect(page.stockQuantity).toBe(17);
    expect(page.variants).toEqual(after);

    // Back to no options: one variant, the first one, with its stock.
    const none = await setOptions(item.id, []);
    expect(none).toEqual([expect.objectContaining({ options: {}, stockQuantity: 12 })]);
    expect((await itemOf(item.id)).stockQuantity).toBe(12);
  });

  it("refuses more than three options, empty or repeated values, and a SKU another variant has", async () => {
    const item = await insertItem();
    const four = ["A", "B", "C", "D"].map((name) => ({ name, values: ["1"] }));
    const tooMany = await admin.put(`/api/merchandise/${item.id}/options`).send({ options: four }).expect(400);
    expect(tooMany.body.fieldErrors).toHaveProperty("options");
    await admin
      .put(`/api/merchandise/${item.id}/options`)
      .send({ options: [{ name: "Size", values: ["S", "s"] }] })
      .expect(400);
    await admin
      .put(`/api/merchandise/${item.id}/options`)
      .send({ options: [{ name: "Size", values: [] }] })
      .expect(400);
    const [a, b] = await setOptions(item.id, [{ name: "Size", values: ["S", "M"] }]);
    const taken = await admin.patch(`/api/merchandise/variants/${b.id}`).send({ sku: a.sku }).expect(409);
    expect(taken.body.message).toBe("Another variant already has this SKU");
    await admin.patch(`/api/merchandise/variants/${b.id}`).send({ sku: "has space" }).expect(400);
    expect((await itemOf(item.id)).variants.map((v) => v.sku)).toEqual([a.sku, b.sku]);
  });

  it("gives a variant's price back to the item's with null, and keeps an item's stock the sum of its variants'", async () => {
    const item = await insertItem({ price: "30.00" });
    const [s, m] = await setOptions(item.id, [{ name: "Size", values: ["S", "M"] }]);
    // S carries the item's 12; M starts with none.
    await admin
      .patch(`/api/merchandise/variants/${s.id}`)
      .send({ price: "35.00", stockQuantity: 4, expectedStockQuantity: 12 })
      .expect(200);
    const answer = await admin.patch(`/api/merchandise/variants/${m.id}`).send({ stockAdjustment: 6 }).expect(200);
    expect(answer.body).toMatchObject({ stockQuantity: 10 });
    await admin.patch(`/api/merchandise/variants/${s.id}`).send({ price: null }).expect(200);
    expect(byLabel((await itemOf(item.id)).variants).S).toMatchObject({ price: "30.00", ownPrice: false });

    // The item's own stock is per variant now: a change is refused, the same total accepted.
    const refused = await admin.patch(`/api/merchandise/${item.id}`).send({ stockAdjustment: -7 }).expect(400);
    expect(refused.body.message).toBe("This item's stock is set per variant");
    await admin
      .patch(`/api/merchandise/${item.id}`)
      .send({ stockQuantity: 10, expectedStockQuantity: 10, name: "Renamed" })
      .expect(200);
    // Without options, the item's stock is its one variant's.
    const plain = await insertItem({ stockQuantity: 2 });
    await admin.patch(`/api/merchandise/${plain.id}`).send({ stockQuantity: 9, expectedStockQuantity: 2 }).expect(200);
    expect((await itemOf(plain.id)).variants).toEqual([expect.objectContaining({ stockQuantity: 9 })]);
  });

  it("lists every item with its variants in one statement, whatever the number of items", async () => {
    for (let i = 0; i < 3; i++) {
      const item = await insertItem();
      await setOptions(item.id, [{ name: "Size", values: ["S", "M"] }]);
    }
    const statements = await capturedQueries(app.database.pool, () => admin.get("/api/merchandise/all").expect(200));
    expect(statements.filter((text) => /merchandise_variants/.test(text))).toHaveLength(1);
    const all = (await admin.get("/api/merchandise/all").expect(200)).body as MerchandiseWithVariants[];
    expect(all.every((item) => item.variants.length >= 1)).toBe(true);
  });

  it("records a pre-order's ships-from day and shows it on the item's page", async () => {
    const created = await admin
      .post("/api/merchandise")
      .send({ name: "Next LP", price: "30", stockQuantity: 50, shipsFrom: "2031-03-01" })
      .expect(201);
    expect(created.body.shipsFrom).toBe("2031-03-01");
    expect((await itemOf(created.body.id)).shipsFrom).toBe("2031-03-01");
    await admin.patch(`/api/merchandise/${created.body.id}`).send({ shipsFrom: "2031-02-30" }).expect(400);
    await admin.patch(`/api/merchandise/${created.body.id}`).send({ shipsFrom: null }).expect(200);
    expect((await itemOf(created.body.id)).shipsFrom).toBeNull();
  });

  it("sells a chosen variant and refuses a sold-out one", async () => {
    const item = await insertItem();
    const [s, m] = await setOptions(item.id, [{ name: "Size", values: ["S", "M"] }]);
    const sold = await buy(s.id, 2).expect(201);
    // The order's one line names the variant bought.
    const [line] = await app.db
      .select({
        variantId: merchandiseOrderLines.variantId,
        sku: merchandiseOrderLines.sku,
        options: merchandiseOrderLines.options,
      })
      .from(merchandiseOrderLines)
      .where(eq(merchandiseOrderLines.orderId, sold.body.orderId));
    expect(line).toEqual({ variantId: s.id, sku: s.sku, options: { Size: "S" } });
    expect(byLabel((await itemOf(item.id)).variants).S.stockQuantity).toBe(10);
    const refused = await buy(m.id, 1).expect(409);
    expect(refused.body.message).toBe(`Only 0 left of ${item.name} (M)`);
  });
});

describe("low stock and back in stock", () => {
  const adminMailsAbout = (variantId: string) =>
    app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.aboutId, variantId), eq(outboxMessages.template, "merchandise-low-stock")));

  it("tells the admins once when a variant falls to its threshold, again only after a restock above it", async () => {
    const item = await insertItem({ name: "Glow Hoodie", stockQuantity: 5 });
    const [variant] = await app.db
      .select()
      .from(merchandiseVariants)
      .where(eq(merchandiseVariants.merchandiseId, item.id));
    await buy(variant.id, 1, "a@x.test").expect(201); // 4 left: above 3
    expect(await adminMailsAbout(variant.id)).toHaveLength(0);
    await buy(variant.id, 1, "b@x.test").expect(201); // 3 left: at the threshold
    await buy(variant.id, 1, "c@x.test").expect(201); // 2 left: still low, no second e-mail
    expect(await adminMailsAbout(variant.id)).toHaveLength(1);
    const [mail] = await sink.waitFor((m) => m.subject === "Low stock: Glow Hoodie, 3 left");
    expect(mail.to).toMatchObject({ value: [{ address: ADMIN_EMAIL }] });
    expect(mail.text).toContain(variant.sku);
    expect(mail.text).toContain(`/merch/${item.id}`);
    // The way to restock is the item's own editor, not the admins' list of every item.
    expect(mail.text).toContain(`/merchandise?edit=${item.id}`);

    await admin.patch(`/api/merchandise/variants/${variant.id}`).send({ stockAdjustment: 6 }).expect(200); // 8
    await admin.patch(`/api/merchandise/variants/${variant.id}`).send({ stockAdjustment: -7 }).expect(200); // 1
    expect(await adminMailsAbout(variant.id)).toHaveLength(2);
  });

  it("does not count stock given back by an abandoned checkout as a restock", async () => {
    const item = await insertItem({ name: "Slow Scarf", stockQuantity: 4 });
    const [variant] = await app.db
      .select()
      .from(merchandiseVariants)
      .where(eq(merchandiseVariants.merchandiseId, item.id));
    const held = await buy(variant.id, 1, "walked@x.test").expect(201); // 3 left: the notice
    expect(await adminMailsAbout(variant.id)).toHaveLength(1);
    // The buyer walked away: the job gives the unit back.
    await app.db
      .update(merchandiseOrders)
      .set({ createdAt: new Date(Date.now() - CHECKOUT_HOLD_MS - 60_000) })
      .where(eq(merchandiseOrders.id, held.body.orderId));
    await expect.poll(async () => (await itemOf(item.id)).stockQuantity, { timeout: 10_000 }).toBe(4);
    await buy(variant.id, 1, "again@x.test").expect(201); // 3 again: no second notice
    expect(await adminMailsAbout(variant.id)).toHaveLength(1);
  });

  it("sends one e-mail to each fan who asked, when a sold-out variant comes back", async () => {
    const item = await insertItem({ name: "Rare Cap" });
    // S carries the item's stock; M starts sold out.
    const [s, m] = await setOptions(item.id, [{ name: "Size", values: ["S", "M"] }]);
    const ask = (email: string) => app.agent().post(`/api/merchandise/variants/${m.id}/stock-requests`).send({ email });
    await ask("wait@x.test").expect(201);
    await ask("WAIT@x.test").expect(201); // the same fan: still one request
    await ask("other@x.test").expect(201);
    expect(
      await app.db.select().from(merchandiseStockRequests).where(eq(merchandiseStockRequests.variantId, m.id)),
    ).toHaveLength(2);
    const inStock = await app
      .agent()
      .post(`/api/merchandise/variants/${s.id}/stock-requests`)
      .send({ email: "x@x.test" });
    expect(inStock.status).toBe(409);
    // Both confirm their address (the link itself: stock-sign-ups.test.ts).
    await app.db
      .update(merchandiseStockRequests)
      .set({ confirmedAt: new Date() })
      .where(eq(merchandiseStockRequests.variantId, m.id));

    await admin.patch(`/api/merchandise/variants/${m.id}`).send({ stockAdjustment: 4 }).expect(200);
    const mails = await sink.waitFor((mail) => mail.subject === "Back in stock at Label Records: Rare Cap (M)", 2);
    expect(mails.map((mail) => (mail.to as { value: { address: string }[] }).value[0].address).sort()).toEqual([
      "other@x.test",
      "wait@x.test",
    ]);
    // Stock moving again does not write again.
    await admin.patch(`/api/merchandise/variants/${m.id}`).send({ stockAdjustment: -4 }).expect(200);
    await admin.patch(`/api/merchandise/variants/${m.id}`).send({ stockAdjustment: 2 }).expect(200);
    const queued = await app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "merchandise-back-in-stock"));
    expect(queued.filter((q) => q.params && (q.params as { itemName: string }).itemName === "Rare Cap")).toHaveLength(
      2,
    );
  });
});
