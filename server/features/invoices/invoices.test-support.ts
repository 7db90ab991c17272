import { asc, eq } from "drizzle-orm";
import { invoiceEvents } from "@shared/invoice-events.table";
import { invoices } from "@shared/invoices.table";
import { signedTokens } from "../../lib/signed-token";
import type { Agent, TestApp } from "../../test/app-harness";

/** Small factories for the invoice API tests (each test file has its own database). */

let counter = 0;
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export function invoiceBody(overrides: Record<string, unknown> = {}) {
  return {
    invoiceNumber: `INV-T-${++counter}`,
    issueDate: inDays(0),
    dueDate: inDays(30),
    companyName: "Nova Music",
    clientName: "Rosa Diaz",
    clientEmail: "rosa@client.test",
    items: [{ description: "Mixing", quantity: 2, unitPrice: "50.00" }],
    subtotal: "100.00",
    tax: "0.00",
    total: "100.00",
    ...overrides,
  };
}

/** Creates an invoice through the API and answers its JSON. */
export async function createInvoice(agent: Agent, overrides: Record<string, unknown> = {}) {
  return (await agent.post("/api/invoices").send(invoiceBody(overrides)).expect(201)).body as {
    id: string;
    invoiceNumber: string;
    status: string;
  };
}

export async function storedInvoice(app: TestApp, id: string) {
  const [row] = await app.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function eventKinds(app: TestApp, id: string): Promise<string[]> {
  const rows = await app.db
    .select()
    .from(invoiceEvents)
    .where(eq(invoiceEvents.invoiceId, id))
    .orderBy(asc(invoiceEvents.at), asc(invoiceEvents.id));
  return rows.map((row) => row.kind);
}

/** For test apps that sign links as these tests do (startTestApp's `env`). */
export const LINK_SIGNING_ENV = { SESSION_SECRET: "invoice-tests-session-secret-0123456789abcdef" };

/**
 * The /pay link of any invoice, drafts included, signed as the server signs it: the API hands
 * out no link for a draft, but one could still be guessed at or kept from before.
 */
export function signedLink(app: Pick<TestApp, "config">, id: string): string {
  const secret = app.config.sessionSecret;
  if (!secret) throw new Error("start the test app with LINK_SIGNING_ENV to sign links");
  return `/pay/${signedTokens(secret, "invoice").sign(id)}`;
}
