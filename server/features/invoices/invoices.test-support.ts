import { asc, eq } from "drizzle-orm";
import { invoiceEvents } from "@shared/invoice-events.table";
import { invoices } from "@shared/invoices.table";
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
