import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "@shared/schema";
import type { Agent, TestApp } from "../../../test/app-harness";
import { capturedQueries } from "../../../test/captured-queries";
import { pdfText } from "../../../test/pdf-text";
import { base, useFulfilmentApp } from "./fulfilment-app.test-support";
import { insertPaidOrder } from "./merchandise-fulfilment.test-support";

const shop = useFulfilmentApp();
let app: TestApp;
let admin: Agent;
beforeAll(() => {
  ({ app, admin } = shop);
});

describe("GET /api/merchandise-orders/{id}", () => {
  it("answers the order with its address, lines (SKU, options, unit price) and status", async () => {
    const { order, lines, variants } = await insertPaidOrder(app, null, [
      { sku: "TEE-M", options: { Size: "M", Colour: "Black" }, quantity: 2, unitPrice: "20.00", tax: "3.20" },
    ]);
    const res = await admin.get(base(order.id)).expect(200);
    expect(res.body).toMatchObject({
      id: order.id,
      status: "paid",
      total: "43.20",
      tax: "3.20",
      address: { name: order.shipName, line1: "1 Vinyl Way", city: "Portland", country: "US", line2: null },
      lines: [
        {
          id: lines[0].id,
          variantId: variants[0].id,
          sku: variants[0].sku,
          options: { Size: "M", Colour: "Black" },
          quantity: 2,
          unitPrice: "20.00",
          shippedQuantity: 0,
          returnedQuantity: 0,
        },
      ],
      fulfilments: [],
      returns: [],
    });
    await admin.get(base("00000000-0000-4000-8000-000000000000")).expect(404);
    await app.agent().get(base(order.id)).expect(401);
  });
});

describe("reads without a query per row", () => {
  it("reads an order in the same few statements whatever its lines, parcels and returns", async () => {
    // The shop's own statements: the outbox's delivery, the holds job's id scans and the store's
    // fee job (which reads cart orders' totals) run beside them on the same pool.
    const ours = (q: string) =>
      /"merchandise_/.test(q) &&
      !/outbox/.test(q) &&
      !/^select "id" from "merchandise_orders"/.test(q) &&
      !/"store_purchases"\."fee" is null/.test(q);
    const order = async (n: number) => {
      const placed = await insertPaidOrder(
        app,
        null,
        Array.from({ length: n }, (_, i) => ({ sku: `NPLUS${i}`, quantity: 2, unitPrice: "5.00" })),
      );
      for (const line of placed.lines) {
        await admin
          .post(`${base(placed.order.id)}/fulfilments`)
          .send({ lines: [{ lineId: line.id, quantity: 1 }], carrier: "UPS", trackingNumber: `1Z${line.id}` })
          .expect(201);
      }
      return placed.order.id;
    };
    const small = await order(1);
    const large = await order(6);
    const count = async (id: string) =>
      (await capturedQueries(app.database.pool, () => admin.get(base(id)).expect(200))).filter(ours).length;
    const few = await count(small);
    // The order, its lines (with their sums), its parcels, its returns, its refunds of unshipped
    // units, its downloads.
    expect(few).toBe(6);
    expect(await count(large)).toBe(few);
    const listing = await capturedQueries(app.database.pool, () =>
      admin.get("/api/merchandise-orders?status=unshipped&q=1Zabc").expect(200),
    );
    expect(listing.filter(ours)).toHaveLength(2);
  });
});

describe("GET /api/merchandise-orders?status=&q=", () => {
  it("filters by status and finds an order by e-mail, name, number or tracking number", async () => {
    const a = await insertPaidOrder(app, null, [{ sku: "FIND-A", quantity: 1, unitPrice: "10.00" }]);
    const b = await insertPaidOrder(app, null, [{ sku: "FIND-B", quantity: 1, unitPrice: "10.00" }]);
    await admin
      .post(`${base(b.order.id)}/fulfilments`)
      .send({ lines: [{ lineId: b.lines[0].id, quantity: 1 }], carrier: "DHL", trackingNumber: "JD0142FIND" })
      .expect(201);
    const ids = async (query: string) =>
      ((await admin.get(`/api/merchandise-orders?${query}`).expect(200)).body as { id: string }[]).map((o) => o.id);

    expect(await ids(`q=${encodeURIComponent(a.order.customerEmail.toUpperCase())}`)).toEqual([a.order.id]);
    expect(await ids(`q=${encodeURIComponent(a.order.shipName!.slice(0, 14).toLowerCase())}`)).toContain(a.order.id);
    expect(await ids(`q=%23${a.order.orderNumber}`)).toEqual([a.order.id]);
    expect(await ids(`q=${a.order.orderNumber}`)).toEqual([a.order.id]);
    expect(await ids("q=jd0142find")).toEqual([b.order.id]);
    const shipped = await ids("status=shipped");
    expect(shipped).toContain(b.order.id);
    expect(shipped).not.toContain(a.order.id);
    const unshipped = await ids("status=unshipped");
    expect(unshipped).toContain(a.order.id);
    expect(unshipped).not.toContain(b.order.id);
    const listed = (await admin.get(`/api/merchandise-orders?q=${b.order.orderNumber}`).expect(200)).body[0];
    expect(listed).toMatchObject({ status: "shipped", orderNumber: b.order.orderNumber, shipName: b.order.shipName });
    await admin.get("/api/merchandise-orders?status=lost").expect(400);
  });
});

describe("files", () => {
  it("exports one CSV row per line still to ship, with the address", async () => {
    const { order, lines } = await insertPaidOrder(app, null, [
      { sku: "CSV-A", options: { Size: "XL", Colour: "Red" }, quantity: 2, unitPrice: "5.00" },
      { sku: "CSV-B", quantity: 1, unitPrice: "5.00" },
    ]);
    await admin
      .post(`${base(order.id)}/fulfilments`)
      .send({ lines: [{ lineId: lines[1].id, quantity: 1 }], carrier: "UPS", trackingNumber: "1Z4" })
      .expect(201);
    const res = await admin.get("/api/merchandise-orders/export.csv?status=unshipped").expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.text.startsWith("\uFEFF")).toBe(true);
    const rows = res.text.split("\r\n").filter((row) => row.includes(`#${order.orderNumber},`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(lines[0].sku);
    expect(rows[0]).toContain("Size: XL; Colour: Red");
    expect(rows[0]).toContain("1 Vinyl Way");
    expect(rows[0]).toContain(",2,2,");
    await admin.get("/api/merchandise-orders/export.csv?status=lost").expect(400);
    await app.agent().get("/api/merchandise-orders/export.csv").expect(401);
  });

  it("renders the packing slip off the main thread: address, SKU, options, quantities, the label's contact and addresses", async () => {
    // As an administrator saves them in Label Settings.
    await app.db
      .update(users)
      .set({
        labelName: "Slip Records",
        labelContactEmail: "shop@slip.test",
        labelPostalAddress: "12 Sender Street\n\nLeeds LS1 4AP\nUnited Kingdom",
        labelReturnAddress: "Returns Dock 3\nSheffield S1 2AB",
      })
      .where(eq(users.role, "admin"));
    const { order, lines } = await insertPaidOrder(app, null, [
      { sku: "SLIP", options: { Size: "S", Colour: "Blue" }, quantity: 4, unitPrice: "5.00" },
    ]);
    const res = await admin
      .get(`${base(order.id)}/packing-slip.pdf`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(res.body as Buffer);
    for (const fact of [
      lines[0].sku,
      "Size: S; Colour: Blue",
      "1 Vinyl Way",
      order.shipName!,
      "4",
      "shop@slip.test",
      "12 Sender Street",
      "Leeds LS1 4AP",
      "Returns Dock 3",
      "Sheffield S1 2AB",
    ]) {
      expect(text).toContain(fact);
    }
    await admin.get(`${base("00000000-0000-4000-8000-000000000000")}/packing-slip.pdf`).expect(404);
  });
});
