import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { merchandiseVariants } from "@shared/merchandise.table";
import type { merchandise } from "@shared/merchandise.table";
import { serveBuiltClient } from "../../../client-serving";
import type { Agent } from "../../../test/app-harness";
import { insertMerchandise } from "../../../test/payments";
import { useShopApp as useShopTestApp, type ShopTestContext } from "../shop-app.test-support";

export const ZONES = [
  { name: "Domestic", countries: ["US"], taxRate: "8.875" },
  { name: "EU", countries: ["DE", "FR"], taxRate: "19" },
  { name: "Pacific", countries: ["NZ"], taxRate: "1" },
];

let shop: ShopTestContext;

/**
 * Starts the shop's test app (../shop-app.test-support.ts) for a checkout test file, serving a
 * stand-in for the built client's page so `/orders/{token}` and `/checkout` answer as in
 * production, with the zones above. The context is filled in before the file's own hooks run.
 */
export function useShopApp(): ShopTestContext {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pages-"));
  fs.writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Label Records</title><div id=root></div>");
  shop = useShopTestApp({}, { mountClient: (express) => serveBuiltClient(express, { required: true, root }) });
  beforeAll(async () => {
    await shop.admin.put("/api/shipping/zones").send({ zones: ZONES }).expect(200);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  return shop;
}

let skuCounter = 0;

/** An item with one variant per option set (its default variant left at 0 stock unless asked for), and its rates. */
export async function itemWithVariants(
  item: Partial<typeof merchandise.$inferInsert>,
  variants: { options: Record<string, string>; stock: number; price?: string }[],
  rates: { zone: string; first: string; additional: string }[],
) {
  const row = await insertMerchandise(shop.app, { stockQuantity: 0, ...item });
  const ids: string[] = [];
  for (const [position, variant] of variants.entries()) {
    if (Object.keys(variant.options).length === 0) {
      // An item without options sells its default variant.
      const [only] = await shop.app.db
        .update(merchandiseVariants)
        .set({ stockQuantity: variant.stock, price: variant.price ?? null })
        .where(eq(merchandiseVariants.merchandiseId, row.id))
        .returning();
      ids.push(only.id);
      continue;
    }
    skuCounter += 1;
    const [inserted] = await shop.app.db
      .insert(merchandiseVariants)
      .values({
        merchandiseId: row.id,
        sku: `TEST-${skuCounter}`,
        options: variant.options,
        price: variant.price ?? null,
        stockQuantity: variant.stock,
        position,
      })
      .returning();
    ids.push(inserted.id);
  }
  await shop.admin.put(`/api/merchandise/${row.id}/shipping`).send({ rates }).expect(200);
  return { item: row, variants: ids };
}

export async function stockOf(variantIds: string[]) {
  const rows = await shop.app.db
    .select({ id: merchandiseVariants.id, stock: merchandiseVariants.stockQuantity })
    .from(merchandiseVariants)
    .where(inArray(merchandiseVariants.id, variantIds));
  return variantIds.map((id) => rows.find((row) => row.id === id)!.stock);
}

export const ADDRESS_US = {
  name: "Ada Fan",
  line1: "1 Main St",
  city: "Portland",
  region: "OR",
  postalCode: "97201",
  country: "US",
};
export const ADDRESS_DE = { name: "Ada Fan", line1: "Torstr. 1", city: "Berlin", postalCode: "10115", country: "DE" };

/** A shirt (S, M at the item's 20.00) and a tote (one variant at its own 14.99). */
export async function shirtAndTote(stock = 10) {
  const shirt = await itemWithVariants(
    { name: "Tour Shirt", price: "20.00" },
    [
      { options: { Size: "S" }, stock },
      { options: { Size: "M" }, stock },
    ],
    [
      { zone: "Domestic", first: "5.00", additional: "1.50" },
      { zone: "EU", first: "12.00", additional: "4.00" },
    ],
  );
  const tote = await itemWithVariants(
    { name: "Tote Bag", price: "12.50" },
    [{ options: { Colour: "Black" }, stock, price: "14.99" }],
    [
      { zone: "Domestic", first: "4.00", additional: "2.00" },
      { zone: "EU", first: "9.00", additional: "3.00" },
    ],
  );
  return { shirt, tote };
}

export function place(body: object, agent: Agent = shop.app.agent()) {
  return agent.post("/api/merchandise-orders").send(body);
}
