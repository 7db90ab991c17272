import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceEvents } from "@shared/invoice-events.table";
import { outboxMessages } from "@shared/outbox.table";
import { sessionCookieOf, startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { signedTokens } from "../../lib/signed-token";
import { createInvoiceReminders } from "./invoice-reminders";
import { createInvoice, eventKinds, inDays, storedInvoice } from "./invoices.test-support";

const FAST_JOBS = { JOBS_SWEEP_INTERVAL_MS: "1000", JOBS_POLL_INTERVAL_MS: "500", MAIL_RETRY_DELAY_MS: "1000" };

let sink: SmtpSink;
let first: TestApp;
let second: TestApp;
let owner: Agent;

beforeAll(async () => {
  sink = await startSmtpSink();
  // Two instances on one database: the limits must hold whichever instance takes a send.
  const env = {
    ...FAST_JOBS,
    SMTP_URL: sink.url(),
    MAIL_FROM: "Label Records <billing@label.test>",
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
  };
  first = await startTestApp({ env, workers: true });
  second = await startTestApp({ env, database: first.database });
  owner = await first.signIn("relay@x.test");
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await sink?.close();
});

const queuedFor = async (app: TestApp, invoiceId: string) =>
  (await app.db.select().from(outboxMessages).where(eq(outboxMessages.aboutId, invoiceId))).length;

describe("sending one invoice again and again", () => {
  it("delivers 3 of 40 sends made within a second across two instances; the other 37 answer 429 and queue nothing", async () => {
    const invoice = await createInvoice(owner, { clientEmail: "target@outside.test" });
    const cookie = sessionCookieOf(owner);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request((i % 2 === 0 ? first : second).baseUrl)
          .post(`/api/invoices/${invoice.id}/send`)
          .set("Cookie", cookie),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(37);
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.body.message).toMatch(
      /^This invoice was already e-mailed 3 times in the last hour\. You can send it again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);

    expect(await queuedFor(first, invoice.id)).toBe(3);
    expect((await eventKinds(first, invoice.id)).filter((kind) => kind === "sent")).toHaveLength(3);
    await sink.waitFor((mail) => JSON.stringify(mail.to ?? "").includes("target@outside.test"), 3);
    // Nothing more arrives once the queue has drained.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sink.received.filter((mail) => JSON.stringify(mail.to ?? "").includes("target@outside.test"))).toHaveLength(
      3,
    );
  });

  it("counts sends with the member's own subject and message like any other", async () => {
    const invoice = await createInvoice(owner, { clientEmail: "worded@outside.test" });
    const worded = (i: number) => ({ subject: `Invoice, take ${i}`, message: `Please pay, take ${i}.` });
    for (let i = 0; i < 3; i += 1) await owner.post(`/api/invoices/${invoice.id}/send`).send(worded(i)).expect(200);
    await owner.post(`/api/invoices/${invoice.id}/send`).send(worded(3)).expect(429);
    expect(await queuedFor(first, invoice.id)).toBe(3);
  });

  it("sends it again once the oldest of the three sends is more than an hour old", async () => {
    const invoice = await createInvoice(owner, { clientEmail: "later@outside.test" });
    for (let i = 0; i < 3; i += 1) await owner.post(`/api/invoices/${invoice.id}/send`).expect(200);
    await owner.post(`/api/invoices/${invoice.id}/send`).expect(429);
    // The first send moves 61 minutes into the past, as if the hour had gone by for it alone.
    const [oldest] = await first.db
      .select({ id: invoiceEvents.id })
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.invoiceId, invoice.id), eq(invoiceEvents.kind, "sent")))
      .orderBy(invoiceEvents.at)
      .limit(1);
    await first.db
      .update(invoiceEvents)
      .set({ at: sql`now() - interval '61 minutes'` })
      .where(eq(invoiceEvents.id, oldest.id));
    await owner.post(`/api/invoices/${invoice.id}/send`).expect(200);
    await owner.post(`/api/invoices/${invoice.id}/send`).expect(429);
  });
});

describe("a member's daily cap", () => {
  it("refuses the send past the member's daily cap across invoices with 429, changing nothing; refused sends do not count", async () => {
    const capped = await startTestApp({ env: { INVOICE_SENDS_PER_DAY: "2" }, database: first.database });
    try {
      const member = await capped.signIn("busy@x.test");
      const [a, b, c] = [await createInvoice(member), await createInvoice(member), await createInvoice(member)];
      const noAddress = await createInvoice(member, { clientEmail: "" });
      await member.post(`/api/invoices/${noAddress.id}/send`).expect(409);
      await member.post(`/api/invoices/${a.id}/send`).expect(200);
      await member.post(`/api/invoices/${b.id}/send`).expect(200);
      const res = await member.post(`/api/invoices/${c.id}/send`).expect(429);
      expect(res.body.message).toMatch(
        /^You have sent 2 invoice e-mails today, the most allowed\. You can send more in \d+ hours\.$/,
      );
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(80_000);
      expect((await storedInvoice(capped, c.id)).status).toBe("draft");
      expect(await eventKinds(capped, c.id)).toEqual(["created"]);
      expect(await queuedFor(capped, c.id)).toBe(0);
      // Another member is not held back by this one's sends.
      const other = await capped.signIn("quiet@x.test");
      await other.post(`/api/invoices/${(await createInvoice(other)).id}/send`).expect(200);
    } finally {
      await capped.close();
    }
  });

  it("counts reminders too: invoices created as sent and overdue get reminders only within the cap", async () => {
    const capped = await startTestApp({ env: { INVOICE_SENDS_PER_DAY: "2" }, database: first.database });
    try {
      const member = await capped.signIn("reminding@x.test");
      const overdue = { status: "sent", issueDate: inDays(-40), dueDate: inDays(-2) };
      const invoices = [];
      for (let i = 0; i < 3; i += 1) invoices.push(await createInvoice(member, overdue));
      const reminders = createInvoiceReminders({
        db: capped.db,
        tokens: signedTokens("limits-test-secret", "invoice"),
        messages: {
          queue: async (tx, messages) => void (await tx.insert(outboxMessages).values(messages)),
          deliverSoon: () => undefined,
        },
        appUrl: capped.baseUrl,
        cardPayments: false,
        perMemberPerDay: 2,
      });
      await reminders.run(new Date());
      await reminders.run(new Date());
      const queued = await Promise.all(invoices.map((invoice) => queuedFor(capped, invoice.id)));
      expect(queued.reduce((sum, n) => sum + n, 0)).toBe(2);
      await member.post(`/api/invoices/${invoices[0].id}/send`).expect(429);
    } finally {
      await capped.close();
    }
  });
});

describe("limits against using invoices as a relay", () => {
  const send = (member: Agent, id: string) => member.post(`/api/invoices/${id}/send`);

  it("refuses a member's sends past the hourly cap across invoices with 429 saying when, queuing nothing", async () => {
    const capped = await startTestApp({ env: { INVOICE_MEMBER_SENDS_PER_HOUR: "2" }, database: first.database });
    try {
      const member = await capped.signIn("hourly@x.test");
      const [a, b, c] = [await createInvoice(member), await createInvoice(member), await createInvoice(member)];
      await send(member, a.id).expect(200);
      await send(member, b.id).expect(200);
      const res = await send(member, c.id).expect(429);
      expect(res.body.message).toMatch(
        /^You have sent 2 invoice e-mails in the last hour, the most allowed\. You can send more in \d+ minutes?\.$/,
      );
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(3000);
      expect(await queuedFor(capped, c.id)).toBe(0);
      expect((await storedInvoice(capped, c.id)).status).toBe("draft");
    } finally {
      await capped.close();
    }
  });

  it("holds every member together to a cap per minute on mail to outside addresses; a member's address is not counted", async () => {
    const capped = await startTestApp({ env: { OUTSIDE_MAIL_PER_MINUTE: "2" }, database: first.database });
    try {
      await capped.db.execute(sql`delete from rate_limits where key = 'invoice-sends:outside'`);
      const one = await capped.signIn("global-one@x.test");
      const two = await capped.signIn("global-two@x.test");
      await send(one, (await createInvoice(one, { clientEmail: "o1@outside.test" })).id).expect(200);
      await send(two, (await createInvoice(two, { clientEmail: "o2@outside.test" })).id).expect(200);
      const refused = await createInvoice(one, { clientEmail: "o3@outside.test" });
      const res = await send(one, refused.id).expect(429);
      expect(res.body.message).toMatch(
        /^Too many invoice e-mails are going out right now\. You can send again in \d+ seconds\.$/,
      );
      expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(60);
      expect(await queuedFor(capped, refused.id)).toBe(0);
      // An address of someone signed up on the platform is not outside mail.
      await send(two, (await createInvoice(two, { clientEmail: "Global-One@x.test" })).id).expect(200);
    } finally {
      await capped.close();
    }
  });

  it("lets an account younger than a day e-mail 3 new outside addresses, then only the ones it already used", async () => {
    const limited = await startTestApp({ env: { NEW_ACCOUNT_NEW_ADDRESSES: "3" }, database: first.database });
    try {
      const member = await limited.signIn("newcomer@x.test");
      for (const to of ["n1@outside.test", "n2@outside.test", "n3@outside.test"]) {
        await send(member, (await createInvoice(member, { clientEmail: to })).id).expect(200);
      }
      const fourth = await createInvoice(member, { clientEmail: "n4@outside.test" });
      const res = await send(member, fourth.id).expect(429);
      expect(res.body.message).toMatch(
        /^A new account can e-mail invoices to 3 new addresses in its first day\. You can send to another new address in \d+ (hours|minutes)?; addresses you already sent to work now\.$/,
      );
      expect(await queuedFor(limited, fourth.id)).toBe(0);
      // An address it already used, or a platform member's, is fine.
      await send(member, (await createInvoice(member, { clientEmail: "N2@outside.test" })).id).expect(200);
      await send(member, (await createInvoice(member, { clientEmail: "relay@x.test" })).id).expect(200);
      // A day later the account is no longer new.
      await limited.db.execute(
        sql`update users set created_at = now() - interval '25 hours' where email = 'newcomer@x.test'`,
      );
      await send(member, fourth.id).expect(200);
    } finally {
      await limited.close();
    }
  });
});
