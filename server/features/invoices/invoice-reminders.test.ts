import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { signedTokens } from "../../lib/signed-token";
import { createInvoiceReminders, type InvoiceReminders } from "./invoice-reminders";
import { createInvoice, eventKinds } from "./invoices.test-support";

const DAY = 86_400_000;
const OWNER_EMAIL = "reminders@x.test";
let app: TestApp;
let owner: Agent;
let reminders: InvoiceReminders;

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signIn(OWNER_EMAIL);
  reminders = createInvoiceReminders({
    db: app.db,
    tokens: signedTokens("reminders-test-secret", "invoice"),
    messages: {
      queue: async (tx, messages) => void (await tx.insert(outboxMessages).values(messages)),
      deliverSoon: () => undefined,
    },
    appUrl: "https://label.test",
    cardPayments: false,
    perMemberPerDay: 50,
  });
});
afterAll(async () => {
  await app?.close();
});

/** Each test bills in its own year, so no test's invoices are due in another's window. */
const dueIn = (year: number) => new Date(Date.UTC(year, 5, 15, 23, 59, 59));
const at = (due: Date, days: number) => new Date(due.getTime() + days * DAY);

async function remindersOf(id: string) {
  const rows = await app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutId, id), eq(outboxMessages.template, "invoice-reminder")));
  return rows.map((row) => (row.params as { reminder: string }).reminder);
}

describe("invoice reminders", () => {
  it("sends a sent invoice exactly its three reminders, each once, on the timeline", async () => {
    const due = dueIn(2040);
    const invoice = await createInvoice(owner, {
      status: "sent",
      issueDate: at(due, -30).toISOString(),
      dueDate: due.toISOString(),
    });
    for (const day of [-5, -2.5, -2, -1, 0.5, 1.1, 2, 3, 6.9, 7.2, 8, 10, 31]) await reminders.run(at(due, day));
    expect(await remindersOf(invoice.id)).toEqual(["due-in-3-days", "overdue-1-day", "overdue-7-days"]);
    expect((await eventKinds(app, invoice.id)).filter((k) => k === "reminded")).toHaveLength(3);
    const [row] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.aboutId, invoice.id)).limit(1);
    expect(row.recipient).toBe("rosa@client.test");
    expect((row.params as { link: string }).link).toMatch(/^https:\/\/label\.test\/pay\//);
  });

  it("goes out under the member's company name with replies to the member, and offers no card payment it lacks", async () => {
    const due = dueIn(2046);
    const invoice = await createInvoice(owner, {
      status: "sent",
      companyName: "Nova Music",
      issueDate: at(due, -30).toISOString(),
      dueDate: due.toISOString(),
    });
    await reminders.run(at(due, 1.5));
    const [row] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.aboutId, invoice.id));
    expect(row).toMatchObject({ senderName: "Nova Music", replyTo: OWNER_EMAIL });
    expect(row.params).toMatchObject({ payOnline: false });
  });

  it("sends none for a paid, cancelled, draft or switched-off invoice, or one without an address", async () => {
    const due = dueIn(2041);
    const dates = { issueDate: at(due, -30).toISOString(), dueDate: due.toISOString() };
    const quiet = [
      await createInvoice(owner, { ...dates, status: "paid" }),
      await createInvoice(owner, { ...dates }),
      await createInvoice(owner, { ...dates, status: "sent", remindersEnabled: false }),
      await createInvoice(owner, { ...dates, status: "sent", clientEmail: "" }),
    ];
    const cancelled = await createInvoice(owner, { ...dates, status: "sent" });
    await owner.post(`/api/invoices/${cancelled.id}/cancel`).expect(200);
    for (const day of [-2, 1.5, 8]) await reminders.run(at(due, day));
    for (const invoice of [...quiet, cancelled]) expect(await remindersOf(invoice.id)).toEqual([]);
  });

  it("stops once the invoice is paid", async () => {
    const due = dueIn(2042);
    const invoice = await createInvoice(owner, {
      status: "sent",
      issueDate: at(due, -30).toISOString(),
      dueDate: due.toISOString(),
    });
    await reminders.run(at(due, -2));
    await owner.post(`/api/invoices/${invoice.id}/mark-paid`).send({ paidOn: "2042-06-14" }).expect(200);
    await reminders.run(at(due, 1.5));
    await reminders.run(at(due, 8));
    expect(await remindersOf(invoice.id)).toEqual(["due-in-3-days"]);
  });

  it("never sends a reminder twice when two runs race", async () => {
    const due = dueIn(2043);
    const invoice = await createInvoice(owner, {
      status: "sent",
      issueDate: at(due, -30).toISOString(),
      dueDate: due.toISOString(),
    });
    const counts = await Promise.all([1, 2, 3].map(() => reminders.run(at(due, 1.5))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await remindersOf(invoice.id)).toEqual(["overdue-1-day"]);
  });
});
