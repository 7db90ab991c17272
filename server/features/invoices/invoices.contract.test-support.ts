import crypto from "node:crypto";
import { expect } from "vitest";
import type { invoicesContract, publicInvoicesContract } from "@shared/invoice-actions";
import { invoiceEvents } from "@shared/invoice-events.table";
import { invoiceLineItems, invoices } from "@shared/invoices.table";
import type { TestApp } from "../../test/app-harness";
import type { ContractCases } from "../../test/contract-harness";
import { intentIdOf } from "../../test/payments";
import { invoiceBody } from "./invoices.test-support";

const DAY_MS = 86_400_000;

/** An invoice of `userId` with one line and one timeline entry, stored as the API would. */
async function insertInvoice(app: TestApp, userId: string, values: Partial<typeof invoices.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(invoices)
    .values({
      userId,
      invoiceNumber: `INV-C-${crypto.randomUUID()}`,
      issueDate: new Date(),
      dueDate: new Date(Date.now() + 30 * DAY_MS),
      companyName: "Nova Music",
      clientName: "Rosa Diaz",
      clientEmail: "rosa@client.test",
      subtotal: "100.00",
      total: "100.00",
      ...values,
    })
    .returning();
  await app.db
    .insert(invoiceLineItems)
    .values({ invoiceId: row.id, description: "Mixing", quantity: 2, unitPrice: "50.00", total: "100.00" });
  await app.db.insert(invoiceEvents).values({ invoiceId: row.id, kind: "created", actorId: userId });
  return row;
}

const unknown = () => ({ id: crypto.randomUUID() });

/** Each invoice route's answers, for server/contract.test.ts. */
export const invoicesCases: ContractCases<typeof invoicesContract> = {
  async my({ app, send, userIdOf }) {
    await insertInvoice(app, await userIdOf("member"), { status: "sent", sentAt: new Date() });
    expect((await send("member", {}, 200)).body).not.toEqual([]);
  },
  async get({ app, send, userIdOf }) {
    const row = await insertInvoice(app, await userIdOf("member"), { status: "sent", sentAt: new Date() });
    const answer = await send("member", { params: { id: row.id } }, 200);
    expect(answer.body).toMatchObject({
      id: row.id,
      items: [{ description: "Mixing" }],
      events: [{ kind: "created" }],
    });
    await send("member", { params: unknown() }, 404);
    // Another member's invoice reads as not found.
    await send("admin", { params: { id: row.id } }, 404);
  },
  async create({ send }) {
    const body = invoiceBody({ taxMode: "percent", taxRate: "10", tax: "10.00", total: "110.00" });
    const created = await send("member", { body }, 201);
    expect(created.body).toMatchObject({ total: "110.00", items: [{ total: "100.00" }] });
    await send("member", { body: invoiceBody({ issueDate: "not a date" }) }, 400);
    // The server computes the totals; one sent that disagrees is refused.
    const wrongTotal = await send("member", { body: invoiceBody({ total: "1.00" }) }, 400);
    expect(wrongTotal.body).toMatchObject({ fieldErrors: { total: [expect.stringContaining("expected 100.00")] } });
    await send("member", { body }, 409);
  },
  async update({ app, send, userIdOf }) {
    const userId = await userIdOf("member");
    const row = await insertInvoice(app, userId);
    await send("member", { params: { id: row.id }, body: { notes: "Thanks!" } }, 200);
    const status = await send("member", { params: { id: row.id }, body: { status: "paid" } }, 400);
    expect(status.body).toMatchObject({ fieldErrors: { status: [expect.stringContaining("can't be edited")] } });
    await send("member", { params: { id: row.id }, body: { clientEmail: "not an e-mail" } }, 400);
    await send("member", { params: unknown(), body: {} }, 404);
    const paid = await insertInvoice(app, userId, { status: "paid", paidAt: new Date() });
    await send("member", { params: { id: paid.id }, body: { notes: "Late" } }, 409);
  },
  async remove({ app, send, userIdOf }) {
    const userId = await userIdOf("member");
    const draft = await insertInvoice(app, userId);
    await send("member", { params: { id: draft.id } }, 204);
    await send("member", { params: { id: draft.id } }, 404);
    const sent = await insertInvoice(app, userId, { status: "sent", sentAt: new Date() });
    await send("member", { params: { id: sent.id } }, 409);
  },
  async addItem({ app, send, userIdOf }) {
    const userId = await userIdOf("member");
    const row = await insertInvoice(app, userId);
    const line = { description: "Mastering", quantity: 1, unitPrice: "40.00" };
    expect((await send("member", { params: { id: row.id }, body: line }, 201)).body).toMatchObject({ total: "40.00" });
    await send("member", { params: { id: row.id }, body: { ...line, total: "1.00" } }, 400);
    await send("member", { params: unknown(), body: line }, 404);
    const paid = await insertInvoice(app, userId, { status: "paid", paidAt: new Date() });
    await send("member", { params: { id: paid.id }, body: line }, 409);
  },
  async send({ app, send, userIdOf }) {
    const userId = await userIdOf("member");
    const row = await insertInvoice(app, userId);
    // Three e-mails of one invoice an hour; the fourth waits.
    for (let sent = 0; sent < 3; sent++) await send("member", { params: { id: row.id }, body: {} }, 200);
    await send("member", { params: { id: row.id }, body: {} }, 429);
    await send("member", { params: { id: row.id }, body: { subject: "" } }, 400);
    await send("member", { params: unknown(), body: {} }, 404);
    const noEmail = await insertInvoice(app, userId, { clientEmail: null });
    await send("member", { params: { id: noEmail.id }, body: {} }, 409);
  },
  async markSent({ app, send, userIdOf }) {
    const row = await insertInvoice(app, await userIdOf("member"));
    expect((await send("member", { params: { id: row.id } }, 200)).body).toMatchObject({ status: "sent" });
    await send("member", { params: { id: row.id } }, 409);
    await send("member", { params: unknown() }, 404);
  },
  async markPaid({ app, send, userIdOf }) {
    const row = await insertInvoice(app, await userIdOf("member"), { status: "sent", sentAt: new Date() });
    const body = { paidOn: "2026-11-20", note: "Bank transfer" };
    expect((await send("member", { params: { id: row.id }, body }, 200)).body).toMatchObject({ status: "paid" });
    await send("member", { params: { id: row.id }, body: { paidOn: "20/11/2026" } }, 400);
    await send("member", { params: { id: row.id }, body }, 409);
    await send("member", { params: unknown(), body }, 404);
  },
  async cancel({ app, send, userIdOf }) {
    const row = await insertInvoice(app, await userIdOf("member"), { status: "sent", sentAt: new Date() });
    expect((await send("member", { params: { id: row.id } }, 200)).body).toMatchObject({ status: "cancelled" });
    await send("member", { params: { id: row.id } }, 409);
    await send("member", { params: unknown() }, 404);
  },
  async duplicate({ app, send, userIdOf }) {
    const row = await insertInvoice(app, await userIdOf("member"), { status: "paid", paidAt: new Date() });
    expect((await send("member", { params: { id: row.id } }, 201)).body).toMatchObject({ status: "draft" });
    await send("member", { params: unknown() }, 404);
  },
};

/** A sent invoice of a member of its own, and the token of its public link (as the owner's page gives it). */
async function sentInvoiceLink(app: TestApp, values: Partial<typeof invoices.$inferInsert> = {}) {
  const owner = await app.signIn(`owner-${crypto.randomUUID()}@contract.test`);
  const { id: userId } = (await owner.get("/api/auth/user").expect(200)).body as { id: string };
  const row = await insertInvoice(app, userId, { status: "sent", sentAt: new Date(), ...values });
  const { publicPath } = (await owner.get(`/api/invoices/${row.id}`).expect(200)).body as { publicPath: string };
  return { row, token: publicPath.slice("/pay/".length) };
}

/** A token the server never signed: it opens nothing. */
const FORGED = { token: "forged-token" };

/** Each public-link route's answers, for server/contract.test.ts. */
export const publicInvoicesCases: ContractCases<typeof publicInvoicesContract> = {
  async view({ app, send }) {
    const { token } = await sentInvoiceLink(app);
    const answer = await send("anonymous", { params: { token } }, 200);
    expect(answer.body).toMatchObject({ canPayByCard: true, invoice: { status: "sent" } });
    expect(answer.body).not.toHaveProperty("invoice.userId");
    await send("anonymous", { params: FORGED }, 404);
  },
  async paymentIntent({ app, send }) {
    const { token } = await sentInvoiceLink(app);
    const answer = await send("anonymous", { params: { token } }, 200);
    expect(answer.body).toHaveProperty("clientSecret");
    await send("anonymous", { params: FORGED }, 404);
    const cancelled = await sentInvoiceLink(app, { status: "cancelled", cancelledAt: new Date() });
    await send("anonymous", { params: { token: cancelled.token } }, 409);
  },
  async complete({ app, stripe, send }) {
    const { token } = await sentInvoiceLink(app);
    const start = async () =>
      intentIdOf(
        (
          (await app.agent().post(`/api/public/invoices/${token}/payment-intent`).expect(200)).body as {
            clientSecret: string;
          }
        ).clientSecret,
      );
    const paymentIntentId = await start();
    // Not paid yet: the customer's part is still to come.
    await send("anonymous", { params: { token }, body: { paymentIntentId } }, 409);
    stripe.succeed(paymentIntentId);
    const paid = await send("anonymous", { params: { token }, body: { paymentIntentId } }, 200);
    expect(paid.body).toEqual({ status: "paid" });
    await send("anonymous", { params: { token }, body: {} }, 400);
    await send("anonymous", { params: FORGED, body: { paymentIntentId } }, 404);
  },
};
