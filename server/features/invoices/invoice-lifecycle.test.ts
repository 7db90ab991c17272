import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceLineItems } from "@shared/invoices.table";
import { users } from "@shared/users.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { createInvoice, eventKinds, storedInvoice } from "./invoices.test-support";

let app: TestApp;
let owner: Agent;
let stranger: Agent;

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signIn("lifecycle-owner@x.test");
  stranger = await app.signIn("lifecycle-stranger@x.test");
});
afterAll(async () => {
  await app?.close();
});

describe("transitions", () => {
  it("goes draft → sent → paid, each step on the timeline in order", async () => {
    const invoice = await createInvoice(owner);
    expect((await owner.post(`/api/invoices/${invoice.id}/mark-sent`).expect(200)).body.status).toBe("sent");
    const paid = await owner
      .post(`/api/invoices/${invoice.id}/mark-paid`)
      .send({ paidOn: "2031-03-14", note: "Bank transfer" })
      .expect(200);
    expect(paid.body.status).toBe("paid");
    const row = await storedInvoice(app, invoice.id);
    expect(row).toMatchObject({ status: "paid", paidNote: "Bank transfer" });
    expect(row.paidAt?.toISOString()).toBe("2031-03-14T12:00:00.000Z");
    const detail = (await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body;
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual(["created", "sent", "paid"]);
    expect(detail.events[2].detail).toMatchObject({ how: "manual", paidOn: "2031-03-14", note: "Bank transfer" });
    expect(detail.publicPath).toMatch(/^\/pay\/[0-9a-f-]{36}\.[\w-]+$/);
  });

  it("refuses every action a paid invoice no longer allows, with a plain 409", async () => {
    const invoice = await createInvoice(owner, { status: "paid" });
    const refusals: [string, string, object?][] = [
      ["mark-sent", "This invoice is already paid."],
      ["send", "This invoice is already paid."],
      ["mark-paid", "This invoice is already paid.", { paidOn: "2031-03-14" }],
      ["cancel", "A paid invoice can't be cancelled."],
    ];
    for (const [action, message, body] of refusals) {
      const res = await owner
        .post(`/api/invoices/${invoice.id}/${action}`)
        .send(body ?? {})
        .expect(409);
      expect(res.body.message).toBe(message);
    }
    expect((await owner.patch(`/api/invoices/${invoice.id}`).send({ notes: "x" }).expect(409)).body.message).toBe(
      "A paid invoice can't be changed.",
    );
    expect((await owner.delete(`/api/invoices/${invoice.id}`).expect(409)).body.message).toBe(
      "A paid invoice can't be deleted; it stays on record.",
    );
    expect(await eventKinds(app, invoice.id)).toEqual(["created"]);
  });

  it("cancels a draft or a sent invoice, then refuses to change it", async () => {
    const invoice = await createInvoice(owner, { status: "sent" });
    expect((await owner.post(`/api/invoices/${invoice.id}/cancel`).expect(200)).body.status).toBe("cancelled");
    expect((await owner.post(`/api/invoices/${invoice.id}/cancel`).expect(409)).body.message).toBe(
      "This invoice is already cancelled.",
    );
    expect(
      (await owner.post(`/api/invoices/${invoice.id}/mark-paid`).send({ paidOn: "2031-03-14" }).expect(409)).body
        .message,
    ).toBe("A cancelled invoice can't be marked as paid.");
    expect((await owner.post(`/api/invoices/${invoice.id}/send`).expect(409)).body.message).toBe(
      "A cancelled invoice can't be sent.",
    );
    expect((await owner.patch(`/api/invoices/${invoice.id}`).send({ notes: "x" }).expect(409)).body.message).toBe(
      "A cancelled invoice can't be changed.",
    );
    expect(await eventKinds(app, invoice.id)).toEqual(["created", "cancelled"]);
  });

  it("marks as sent only once", async () => {
    const invoice = await createInvoice(owner, { status: "sent" });
    expect((await owner.post(`/api/invoices/${invoice.id}/mark-sent`).expect(409)).body.message).toBe(
      "This invoice has already been sent.",
    );
  });

  it("refuses a paid date that is not a date, changing nothing", async () => {
    const invoice = await createInvoice(owner);
    await owner.post(`/api/invoices/${invoice.id}/mark-paid`).send({ paidOn: "yesterday" }).expect(400);
    expect((await storedInvoice(app, invoice.id)).status).toBe("draft");
  });

  it("pays an invoice once when two marks arrive together", async () => {
    const invoice = await createInvoice(owner, { status: "sent" });
    const results = await Promise.all(
      [1, 2].map(() => owner.post(`/api/invoices/${invoice.id}/mark-paid`).send({ paidOn: "2031-03-14" })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await eventKinds(app, invoice.id)).filter((kind) => kind === "paid")).toHaveLength(1);
  });
});

describe("PATCH /api/invoices/{id}", () => {
  it("refuses a status in an edit with a 400 naming the action routes, and changes nothing", async () => {
    const invoice = await createInvoice(owner, { status: "sent" });
    const before = await storedInvoice(app, invoice.id);
    for (const body of [{ status: "paid" }, { status: "cancelled", notes: "settled in cash" }]) {
      const res = await owner.patch(`/api/invoices/${invoice.id}`).send(body).expect(400);
      expect(res.body.message).toMatch(/\/mark-paid/);
      expect(res.body.message).toMatch(/\/cancel/);
      expect(res.body.message).toMatch(/\/send/);
      expect(res.body.fieldErrors.status).toEqual([res.body.message]);
    }
    expect(await storedInvoice(app, invoice.id)).toEqual(before);
    expect(await eventKinds(app, invoice.id)).toEqual(["created"]);
  });

  it("edits a draft whole: fields and lines, totals recomputed by the server, one edited event", async () => {
    const invoice = await createInvoice(owner);
    const res = await owner
      .patch(`/api/invoices/${invoice.id}`)
      .send({
        clientName: "Nova Reign",
        items: [
          { description: "Mastering", quantity: 3, unitPrice: "19.99" },
          { description: "", quantity: 1, unitPrice: "5.00" },
        ],
        taxMode: "percent",
        taxRate: "7.5",
      })
      .expect(200);
    // 59.97 × 7.5% = 4.49775 → 4.50 (half up).
    expect(res.body).toMatchObject({
      clientName: "Nova Reign",
      subtotal: "59.97",
      tax: "4.50",
      taxMode: "percent",
      taxRate: "7.50",
      total: "64.47",
    });
    const lines = await app.db.select().from(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoice.id));
    expect(lines.map((l) => [l.description, l.total])).toEqual([["Mastering", "59.97"]]);
    const detail = (await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body;
    expect(detail.events.at(-1)).toMatchObject({ kind: "edited" });
    expect(detail.events.at(-1).detail.fields).toEqual(
      expect.arrayContaining(["clientName", "items", "taxMode", "taxRate", "tax", "total"]),
    );
  });

  it("corrects a sent invoice until it is paid; the reminders switch alone keeps every figure", async () => {
    const invoice = await createInvoice(owner, { status: "sent", tax: "10.00", total: "110.00" });
    await owner.patch(`/api/invoices/${invoice.id}`).send({ remindersEnabled: false }).expect(200);
    expect(await storedInvoice(app, invoice.id)).toMatchObject({
      remindersEnabled: false,
      tax: "10.00",
      taxMode: "amount",
      total: "110.00",
      status: "sent",
    });
    const fixed = await owner
      .patch(`/api/invoices/${invoice.id}`)
      .send({ dueDate: "2031-01-31T23:59:59.000Z" })
      .expect(200);
    expect(fixed.body.status).toBe("sent");
  });

  it("refuses figures that disagree with the lines, and changes nothing", async () => {
    const invoice = await createInvoice(owner);
    const res = await owner
      .patch(`/api/invoices/${invoice.id}`)
      .send({ items: [{ description: "A", quantity: 1, unitPrice: "10" }], total: "999.00" })
      .expect(400);
    expect(res.body.message).toBe("The total must be the subtotal plus tax (expected 10.00)");
    expect(await storedInvoice(app, invoice.id)).toMatchObject({ total: "100.00" });
  });

  it("refuses a percentage over 100 or without a rate", async () => {
    const invoice = await createInvoice(owner);
    await owner.patch(`/api/invoices/${invoice.id}`).send({ taxMode: "percent", taxRate: "100.01" }).expect(400);
    const res = await owner.patch(`/api/invoices/${invoice.id}`).send({ taxMode: "percent" }).expect(400);
    expect(res.body.fieldErrors).toEqual({ taxRate: ["Enter a tax rate"] });
  });

  it("keeps numbers unique per member", async () => {
    const first = await createInvoice(owner);
    const second = await createInvoice(owner);
    const res = await owner
      .patch(`/api/invoices/${second.id}`)
      .send({ invoiceNumber: first.invoiceNumber })
      .expect(409);
    expect(res.body.message).toBe("Invoice number already exists");
  });
});

describe("duplicate and delete", () => {
  it("duplicates any invoice as a new draft with a new number and the same lines", async () => {
    const original = await createInvoice(owner, { status: "paid" });
    const copy = (await owner.post(`/api/invoices/${original.id}/duplicate`).expect(201)).body;
    expect(copy).toMatchObject({ status: "draft", clientName: "Rosa Diaz", total: "100.00" });
    expect(copy.invoiceNumber).not.toBe(original.invoiceNumber);
    expect(copy.items).toHaveLength(1);
    const detail = (await owner.get(`/api/invoices/${copy.id}`).expect(200)).body;
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual(["duplicated-from"]);
    expect(detail.events[0].detail).toEqual({ invoiceId: original.id, invoiceNumber: original.invoiceNumber });
  });

  it("deletes a draft, but a sent invoice answers 409 and stays", async () => {
    const draft = await createInvoice(owner);
    await owner.delete(`/api/invoices/${draft.id}`).expect(204);
    expect(await storedInvoice(app, draft.id)).toBeUndefined();
    const sent = await createInvoice(owner, { status: "sent" });
    expect((await owner.delete(`/api/invoices/${sent.id}`).expect(409)).body.message).toBe(
      "A sent invoice can't be deleted. Cancel it instead.",
    );
  });

  it("is never deleted with the member who issued it", async () => {
    const member = await app.signIn("leaving@x.test");
    await createInvoice(member, { status: "paid" });
    await expect(app.db.delete(users).where(eq(users.email, "leaving@x.test"))).rejects.toThrow();
  });
});

describe("ownership", () => {
  it("answers 404 to another member on every invoice route, and changes nothing", async () => {
    const invoice = await createInvoice(owner);
    const base = `/api/invoices/${invoice.id}`;
    await stranger.get(base).expect(404);
    await stranger.get(`${base}/pdf`).expect(404);
    await stranger.patch(base).send({ notes: "mine now" }).expect(404);
    await stranger.delete(base).expect(404);
    await stranger.post(`${base}/items`).send({ description: "x", quantity: 1, unitPrice: "1" }).expect(404);
    for (const action of ["send", "mark-sent", "cancel", "duplicate"])
      await stranger.post(`${base}/${action}`).expect(404);
    await stranger.post(`${base}/mark-paid`).send({ paidOn: "2031-03-14" }).expect(404);
    expect(await storedInvoice(app, invoice.id)).toMatchObject({ status: "draft", notes: null });
    expect(await eventKinds(app, invoice.id)).toEqual(["created"]);
    const csv = await stranger.get("/api/invoices/export.csv").expect(200);
    expect(csv.text).not.toContain(invoice.invoiceNumber);
  });

  it("asks a visitor to sign in", async () => {
    const invoice = await createInvoice(owner);
    await app.agent().post(`/api/invoices/${invoice.id}/cancel`).expect(401);
    await app.agent().get("/api/invoices/export.csv").expect(401);
  });
});

describe("GET /api/invoices/export.csv", () => {
  it("lists the member's invoices with overdue computed, quoting and defusing formulas", async () => {
    const member = await app.signIn("csv@x.test");
    await createInvoice(member, {
      invoiceNumber: "INV-CSV-1",
      clientName: '=HYPERLINK("x"), "Rosa"',
      issueDate: "2031-01-01T00:00:00.000Z",
      dueDate: "2031-01-31T00:00:00.000Z",
      tax: "5.00",
      total: "105.00",
    });
    await createInvoice(member, {
      invoiceNumber: "INV-CSV-2",
      status: "sent",
      issueDate: "2020-01-01T00:00:00.000Z",
      dueDate: "2020-01-31T00:00:00.000Z",
    });
    const res = await member.get("/api/invoices/export.csv").expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain("invoices.csv");
    const lines = res.text.trimEnd().split("\r\n");
    // A byte-order mark first, as every CSV the app exports, so Excel reads it as UTF-8.
    expect(lines[0]).toBe("\uFEFFNumber,Client,Issue date,Due date,Status,Subtotal,Tax,Total");
    expect(lines).toContain(`INV-CSV-1,"'=HYPERLINK(""x""), ""Rosa""",2031-01-01,2031-01-31,draft,100.00,5.00,105.00`);
    expect(lines).toContain("INV-CSV-2,Rosa Diaz,2020-01-01,2020-01-31,overdue,100.00,0.00,100.00");
  });
});
