import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceLineItems, invoices } from "@shared/invoices.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";

let app: TestApp;
let owner: Agent;
let stranger: Agent;
let counter = 0;

const nextNumber = () => `INV-TEST-${++counter}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function invoiceBody(overrides: Record<string, unknown> = {}) {
  return {
    invoiceNumber: nextNumber(),
    issueDate: inDays(0),
    dueDate: inDays(30),
    companyName: "Label Records",
    companyEmail: "billing@label.test",
    clientName: "Nova Reign",
    clientEmail: "nova@artist.test",
    subtotal: "0.00",
    tax: "0.00",
    total: "0.00",
    status: "draft",
    ...overrides,
  };
}

async function linesOf(invoiceId: string) {
  return app.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoiceId));
}

async function invoiceRow(id: string) {
  const [row] = await app.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signIn("owner@x.test");
  stranger = await app.signIn("stranger@x.test");
});
afterAll(async () => {
  await app?.close();
});

describe("POST /api/invoices with items", () => {
  it("creates the invoice and its lines in one go, with server-computed totals (201)", async () => {
    const res = await owner
      .post("/api/invoices")
      .send(
        invoiceBody({
          items: [
            { description: "Mixing", quantity: 3, unitPrice: "19.99", total: "59.97" },
            { description: "Mastering", quantity: 1, unitPrice: "150", total: "150.00" },
          ],
          subtotal: "209.97",
          tax: "10.50",
          total: "220.47",
        }),
      )
      .expect(201);
    expect(res.body).toMatchObject({
      subtotal: "209.97",
      tax: "10.50",
      total: "220.47",
      status: "draft",
      clientName: "Nova Reign",
    });
    expect(res.body.items).toEqual([
      expect.objectContaining({ description: "Mixing", quantity: 3, unitPrice: "19.99", total: "59.97", sortOrder: 0 }),
      expect.objectContaining({
        description: "Mastering",
        quantity: 1,
        unitPrice: "150.00",
        total: "150.00",
        sortOrder: 1,
      }),
    ]);
    expect(await linesOf(res.body.id)).toHaveLength(2);
  });

  it("adds 0.10 and 0.20 to exactly 0.30", async () => {
    const res = await owner
      .post("/api/invoices")
      .send(
        invoiceBody({
          items: [
            { description: "a", quantity: 1, unitPrice: "0.10" },
            { description: "b", quantity: 1, unitPrice: "0.20" },
          ],
          subtotal: "0.30",
          total: "0.30",
        }),
      )
      .expect(201);
    expect(res.body.total).toBe("0.30");
  });

  it("refuses the float answer 0.30000000000000004 as a subtotal", async () => {
    const res = await owner
      .post("/api/invoices")
      .send(
        invoiceBody({
          items: [
            { description: "a", quantity: 1, unitPrice: "0.1" },
            { description: "b", quantity: 1, unitPrice: "0.2" },
          ],
          subtotal: "0.30000000000000004",
          total: "0.30",
        }),
      )
      .expect(400);
    expect(res.body.fieldErrors).toHaveProperty("subtotal");
  });

  it("refuses a subtotal or total that disagrees with the lines (400) and stores nothing", async () => {
    const number = nextNumber();
    const items = [{ description: "Session", quantity: 3, unitPrice: "19.99" }];
    const badSubtotal = await owner
      .post("/api/invoices")
      .send(invoiceBody({ invoiceNumber: number, items, subtotal: "59.96", total: "59.96" }))
      .expect(400);
    expect(badSubtotal.body.message).toBe("The subtotal does not match the line items (expected 59.97)");
    const badTotal = await owner
      .post("/api/invoices")
      .send(invoiceBody({ invoiceNumber: number, items, subtotal: "59.97", tax: "5.00", total: "59.97" }))
      .expect(400);
    expect(badTotal.body.message).toBe("The total must be the subtotal plus tax (expected 64.97)");
    const badLine = await owner
      .post("/api/invoices")
      .send(
        invoiceBody({
          invoiceNumber: number,
          items: [{ ...items[0], total: "59.96" }],
          subtotal: "59.97",
          total: "59.97",
        }),
      )
      .expect(400);
    expect(badLine.body.message).toBe("Line 1: the total should be 59.97");
    expect(await app.db.select().from(invoices).where(eq(invoices.invoiceNumber, number))).toHaveLength(0);
  });

  it("keeps only lines with a description, a quantity above 0 and a price of at least 0", async () => {
    const res = await owner
      .post("/api/invoices")
      .send(
        invoiceBody({
          items: [
            { description: "   ", quantity: 1, unitPrice: "10.00" },
            { description: "Zero qty", quantity: 0, unitPrice: "10.00" },
            { description: "Negative qty", quantity: -2, unitPrice: "10.00" },
            { description: "Negative price", quantity: 1, unitPrice: "-1.00" },
            { description: "Free", quantity: 2, unitPrice: "0" },
            { description: "  Kept  ", quantity: 2, unitPrice: "12.50" },
          ],
          subtotal: "25.00",
          total: "25.00",
        }),
      )
      .expect(201);
    expect(res.body.items.map((i: { description: string; sortOrder: number }) => [i.description, i.sortOrder])).toEqual(
      [
        ["Free", 0],
        ["Kept", 1],
      ],
    );
  });

  it("handles large quantities exactly and refuses totals beyond 99,999,999.99 with 400", async () => {
    const big = await owner
      .post("/api/invoices")
      .send(
        invoiceBody({
          items: [{ description: "Streams", quantity: 1_000_000, unitPrice: "99.99" }],
          subtotal: "99990000.00",
          tax: "9999.99",
          total: "99999999.99",
        }),
      )
      .expect(201);
    expect(big.body.total).toBe("99999999.99");

    const number = nextNumber();
    const over = await owner
      .post("/api/invoices")
      .send(
        invoiceBody({
          invoiceNumber: number,
          items: [{ description: "Streams", quantity: 1_000_000, unitPrice: "100.00" }],
          subtotal: "0.00",
          total: "0.00",
        }),
      )
      .expect(400);
    expect(over.body.message).toBe("Amounts cannot exceed $99,999,999.99");
    const sentTooLarge = await owner
      .post("/api/invoices")
      .send(invoiceBody({ invoiceNumber: number, subtotal: "100000000.00", total: "100000000.00" }))
      .expect(400);
    expect(sentTooLarge.body.fieldErrors.subtotal).toEqual(["Amount is too large"]);
    const overflowLine = await owner
      .post("/api/invoices")
      .send(
        invoiceBody({
          invoiceNumber: number,
          items: [{ description: "x", quantity: 1_000_000, unitPrice: "99999999.99" }],
          subtotal: "0.00",
          total: "0.00",
        }),
      )
      .expect(400);
    expect(overflowLine.body.message).toBe("Amounts cannot exceed $99,999,999.99");
    const taxOver = await owner
      .post("/api/invoices")
      .send(
        invoiceBody({
          invoiceNumber: number,
          items: [{ description: "x", quantity: 1, unitPrice: "99999999.99" }],
          subtotal: "99999999.99",
          tax: "0.01",
          total: "99999999.99",
        }),
      )
      .expect(400);
    expect(taxOver.body.message).toBe("Amounts cannot exceed $99,999,999.99");
    expect(await app.db.select().from(invoices).where(eq(invoices.invoiceNumber, number))).toHaveLength(0);
  });

  it("refuses malformed amounts and quantities with 400", async () => {
    await owner
      .post("/api/invoices")
      .send(invoiceBody({ tax: "-1.00" }))
      .expect(400);
    await owner
      .post("/api/invoices")
      .send(invoiceBody({ items: [{ description: "x", quantity: 1.5, unitPrice: "1.00" }] }))
      .expect(400);
    await owner
      .post("/api/invoices")
      .send(invoiceBody({ items: [{ description: "x", quantity: 1, unitPrice: "1.999" }] }))
      .expect(400);
    await owner
      .post("/api/invoices")
      .send(invoiceBody({ items: [{ description: "x", quantity: 1, unitPrice: "abc" }] }))
      .expect(400);
    await owner
      .post("/api/invoices")
      .send(invoiceBody({ issueDate: "yesterday" }))
      .expect(400);
  });

  it("answers 409 'Invoice number already exists' for a member's own duplicate number", async () => {
    const body = invoiceBody();
    await owner.post("/api/invoices").send(body).expect(201);
    const res = await owner.post("/api/invoices").send(body).expect(409);
    expect(res.body.message).toBe("Invoice number already exists");
  });

  it("keeps invoice numbers per member, so another member's numbers are neither blocked nor revealed", async () => {
    const body = invoiceBody();
    await owner.post("/api/invoices").send(body).expect(201);
    const fromOther = await stranger.post("/api/invoices").send(body).expect(201);
    expect(fromOther.body.invoiceNumber).toBe(body.invoiceNumber);
    await stranger.post("/api/invoices").send(body).expect(409);
    const owners = await owner.get("/api/invoices/my").expect(200);
    expect(owners.body.filter((i: { invoiceNumber: string }) => i.invoiceNumber === body.invoiceNumber)).toHaveLength(
      1,
    );
  });

  it("stores a missing client name as an empty one (the form has no required fields)", async () => {
    const { clientName: _name, ...body } = invoiceBody();
    const res = await owner.post("/api/invoices").send(body).expect(201);
    expect(res.body.clientName).toBe("");
    const missingNumber = await owner
      .post("/api/invoices")
      .send({ ...invoiceBody(), invoiceNumber: " " })
      .expect(400);
    expect(missingNumber.body.fieldErrors).toHaveProperty("invoiceNumber");
  });

  it("refuses signed-out visitors with 401", async () => {
    await app.agent().post("/api/invoices").send(invoiceBody()).expect(401);
    await app.agent().get("/api/invoices/my").expect(401);
  });
});

describe("the documented sequence: POST /api/invoices then POST /api/invoices/:id/items", () => {
  it("accepts an invoice without items when total = subtotal + tax, then recomputes from each added line", async () => {
    const created = await owner
      .post("/api/invoices")
      .send(invoiceBody({ subtotal: "59.97", tax: "2.00", total: "61.97" }))
      .expect(201);
    expect(created.body).toMatchObject({ subtotal: "59.97", total: "61.97", items: [] });
    const id = created.body.id;

    const first = await owner
      .post(`/api/invoices/${id}/items`)
      .send({ description: "Take 1", quantity: 2, unitPrice: "19.99", total: "39.98", sortOrder: 0 })
      .expect(201);
    expect(first.body).toMatchObject({ invoiceId: id, total: "39.98", sortOrder: 0 });
    expect(await invoiceRow(id)).toMatchObject({ subtotal: "39.98", total: "41.98" });
    await owner
      .post(`/api/invoices/${id}/items`)
      .send({ description: "Take 2", quantity: 1, unitPrice: "19.99", sortOrder: 1 })
      .expect(201);
    expect(await invoiceRow(id)).toMatchObject({ subtotal: "59.97", total: "61.97" });

    const detail = await owner.get(`/api/invoices/${id}`).expect(200);
    expect(detail.body.items.map((i: { description: string }) => i.description)).toEqual(["Take 1", "Take 2"]);
  });

  it("refuses an invoice without items whose total is not subtotal + tax", async () => {
    const res = await owner
      .post("/api/invoices")
      .send(invoiceBody({ subtotal: "10.00", tax: "1.00", total: "10.00" }))
      .expect(400);
    expect(res.body.message).toBe("The total must be the subtotal plus tax (expected 11.00)");
  });

  it("refuses a line whose sent total disagrees, or that is not savable, with 400", async () => {
    const { body } = await owner.post("/api/invoices").send(invoiceBody()).expect(201);
    const wrong = await owner
      .post(`/api/invoices/${body.id}/items`)
      .send({ description: "x", quantity: 3, unitPrice: "0.10", total: "0.31" })
      .expect(400);
    expect(wrong.body.message).toBe("The line total should be 0.30");
    await owner
      .post(`/api/invoices/${body.id}/items`)
      .send({ description: "", quantity: 1, unitPrice: "1.00" })
      .expect(400);
    await owner
      .post(`/api/invoices/${body.id}/items`)
      .send({ description: "x", quantity: 0, unitPrice: "1.00" })
      .expect(400);
    expect(await linesOf(body.id)).toHaveLength(0);
  });

  it("refuses a line that would take the invoice past 99,999,999.99 and keeps the invoice as it was", async () => {
    const { body } = await owner
      .post("/api/invoices")
      .send(
        invoiceBody({
          items: [{ description: "a", quantity: 1, unitPrice: "99999999.00" }],
          subtotal: "99999999.00",
          total: "99999999.00",
        }),
      )
      .expect(201);
    const res = await owner
      .post(`/api/invoices/${body.id}/items`)
      .send({ description: "b", quantity: 1, unitPrice: "1.00" })
      .expect(400);
    expect(res.body.message).toBe("Amounts cannot exceed $99,999,999.99");
    expect(await linesOf(body.id)).toHaveLength(1);
    expect(await invoiceRow(body.id)).toMatchObject({ total: "99999999.00" });
  });

  it("keeps both lines' amounts when two are added at the same moment", async () => {
    const { body } = await owner.post("/api/invoices").send(invoiceBody()).expect(201);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        owner
          .post(`/api/invoices/${body.id}/items`)
          .send({ description: `Line ${i}`, quantity: 1, unitPrice: "1.25", sortOrder: i })
          .expect(201),
      ),
    );
    expect(await invoiceRow(body.id)).toMatchObject({ subtotal: "10.00", total: "10.00" });
  });
});

describe("ownership", () => {
  it("hides another user's invoice: 404 on read and on adding items, absent from their list", async () => {
    const { body } = await owner
      .post("/api/invoices")
      .send(invoiceBody({ clientName: "Private client" }))
      .expect(201);

    const read = await stranger.get(`/api/invoices/${body.id}`).expect(404);
    expect(read.body.message).toBe("Invoice not found");
    await stranger
      .post(`/api/invoices/${body.id}/items`)
      .send({ description: "sneaky", quantity: 1, unitPrice: "1.00" })
      .expect(404);
    expect(await linesOf(body.id)).toHaveLength(0);
    const list = await stranger.get("/api/invoices/my").expect(200);
    expect(list.body.map((i: { id: string }) => i.id)).not.toContain(body.id);

    await owner.get(`/api/invoices/${body.id}`).expect(200);
    await owner.get("/api/invoices/not-a-uuid").expect(404);
  });

  it("lists only one's own invoices, newest first", async () => {
    const me = await app.signIn("lister@x.test");
    const a = await me.post("/api/invoices").send(invoiceBody()).expect(201);
    const b = await me.post("/api/invoices").send(invoiceBody()).expect(201);
    await stranger.post("/api/invoices").send(invoiceBody()).expect(201);
    const list = await me.get("/api/invoices/my").expect(200);
    expect(list.body.map((i: { id: string }) => i.id)).toEqual([b.body.id, a.body.id]);
  });
});

describe("overdue", () => {
  it("is shown when the due date has passed and the invoice is neither paid nor cancelled, without being stored", async () => {
    const me = await app.signIn("overdue@x.test");
    const late = await me
      .post("/api/invoices")
      .send(invoiceBody({ issueDate: inDays(-40), dueDate: inDays(-10), status: "sent" }))
      .expect(201);
    const paid = await me
      .post("/api/invoices")
      .send(invoiceBody({ issueDate: inDays(-40), dueDate: inDays(-10), status: "paid" }))
      .expect(201);
    const current = await me
      .post("/api/invoices")
      .send(invoiceBody({ dueDate: inDays(10), status: "sent" }))
      .expect(201);
    expect(late.body.status).toBe("overdue");

    const list = await me.get("/api/invoices/my").expect(200);
    const statusOf = (id: string) => list.body.find((i: { id: string }) => i.id === id).status;
    expect(statusOf(late.body.id)).toBe("overdue");
    expect(statusOf(paid.body.id)).toBe("paid");
    expect(statusOf(current.body.id)).toBe("sent");
    expect((await me.get(`/api/invoices/${late.body.id}`).expect(200)).body.status).toBe("overdue");
    expect((await invoiceRow(late.body.id)).status).toBe("sent");

    await app.db.update(invoices).set({ status: "cancelled" }).where(eq(invoices.id, late.body.id));
    expect((await me.get(`/api/invoices/${late.body.id}`).expect(200)).body.status).toBe("cancelled");
  });

  it("is never shown for a draft, however late", async () => {
    const me = await app.signIn("overdue-draft@x.test");
    const draft = await me
      .post("/api/invoices")
      .send(invoiceBody({ issueDate: inDays(-40), dueDate: inDays(-10) }))
      .expect(201);
    expect(draft.body.status).toBe("draft");
    expect((await me.get("/api/invoices/my").expect(200)).body[0].status).toBe("draft");
  });

  it("cannot be chosen when creating", async () => {
    await owner
      .post("/api/invoices")
      .send(invoiceBody({ status: "overdue" }))
      .expect(400);
  });
});
