import { and, eq, sql } from "drizzle-orm";
import ical from "node-ical";
import QRCode from "qrcode";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventRow } from "@shared/events";
import { events } from "@shared/events.table";
import type { OutboxMessage } from "@shared/outbox";
import { outboxMessages } from "@shared/outbox.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { capturedQueries } from "../../test/captured-queries";
import { outboxIdOf, startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { signedTokens } from "../../lib/signed-token";
import { signTicket } from "../../lib/ticket-tokens";
import { QR_OPTIONS } from "./templates/ticket-purchase-confirmation";

// Short timings so retries and sweeps happen within a test's seconds.
const SESSION_SECRET = "a-session-secret-for-the-delivery-tests-0123456789";
const FAST_JOBS = {
  JOBS_SWEEP_INTERVAL_MS: "1000",
  JOBS_POLL_INTERVAL_MS: "500",
  MAIL_RETRY_DELAY_MS: "1000",
  MAIL_MAX_ATTEMPTS: "20",
};

let sink: SmtpSink;
let app: TestApp;
let second: TestApp;
let buyer: Agent;
let buyerOnSecond: Agent;

function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

async function insertEvent(values: Partial<typeof events.$inferInsert> = {}): Promise<EventRow> {
  const [row] = await app.db
    .insert(events)
    .values({
      name: "Blue Hour Sessions",
      artist: "Marisol Vega",
      venue: "The Blue Lantern",
      date: daysFromToday(14),
      time: "19:30",
      totalTickets: 50,
      availableTickets: 50,
      ticketPrice: "19.99",
      status: "on-sale",
      ...values,
    })
    .returning();
  return row;
}

async function messageAbout(purchaseId: string): Promise<OutboxMessage | undefined> {
  const [row] = await app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutType, "ticket_purchase"), eq(outboxMessages.aboutId, purchaseId)));
  return row;
}

async function waitForRow(
  purchaseId: string,
  done: (row: OutboxMessage) => boolean,
  timeoutMs = 15_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await messageAbout(purchaseId);
    if (row && done(row)) return row;
    if (Date.now() > deadline)
      throw new Error(
        `message for ${purchaseId} not as expected: ${JSON.stringify(row && { ...row, html: undefined })}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

const countOutbox = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages))[0].n;
const withCode = (code: string) => (mail: { subject?: string }) => Boolean(mail.subject?.includes(code));

beforeAll(async () => {
  sink = await startSmtpSink();
  const env = { ...FAST_JOBS, SESSION_SECRET, SMTP_URL: sink.url(), MAIL_FROM: "Label Records <tickets@label.test>" };
  app = await startTestApp({ env, workers: true });
  // A second instance on the same database, running its own workers.
  second = await startTestApp({ env, workers: true, database: app.database });
  buyer = await app.signIn("buyer@fans.test");
  buyerOnSecond = await second.signIn("buyer@fans.test");
});
afterAll(async () => {
  await second?.close();
  await app?.close();
  await sink?.close();
});

describe("ticket purchase confirmation", () => {
  it("e-mails the buyer the event, date, time, venue, quantity, total, code, the QR code inline, a PDF ticket and a calendar invitation", async () => {
    const event = await insertEvent({
      name: "Neon Nights",
      venue: "Warehouse 9",
      date: "2031-03-14",
      time: "20:00",
      ticketPrice: "25.50",
    });
    const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 2 }).expect(201);
    const code: string = res.body.confirmationCode;

    const [mail] = await sink.waitFor(withCode(code));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : undefined).toBe("buyer@fans.test");
    expect(mail.from?.text).toBe('"Label Records" <tickets@label.test>');
    expect(mail.subject).toBe(`Your tickets for Neon Nights — ${code}`);
    for (const fact of [
      "Neon Nights",
      "Marisol Vega",
      "Friday, March 14, 2031",
      "8:00 PM",
      "Warehouse 9",
      "2 tickets",
      "$51.00",
      code,
    ]) {
      expect(mail.html).toContain(fact);
      expect(mail.text).toContain(fact);
    }
    // Each ticket's image is the QR code of its own signed token, which the door verifies.
    for (const position of [1, 2]) {
      const cid = `ticket-qr-${position}`;
      const qr = mail.attachments.find((a) => a.contentId === `<${cid}>` || a.cid === cid);
      expect(qr?.contentType).toBe("image/png");
      expect(qr?.contentDisposition).toBe("inline");
      expect(mail.html).toContain(`src="cid:${cid}"`);
      const token = signTicket(signedTokens(SESSION_SECRET, "ticket"), res.body.id, position);
      expect(qr?.content.equals(await QRCode.toBuffer(token, QR_OPTIONS))).toBe(true);
    }

    const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf?.filename).toBe("ticket-neon-nights.pdf");
    expect(pdf?.content.subarray(0, 4).toString()).toBe("%PDF");
    expect(pdf?.content.toString("latin1")).toMatch(/\/Type \/Pages[\s\S]*?\/Count 2\b/);
    const ics = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
    expect(ics?.filename).toBe("ticket-neon-nights.ics");
    const calendar = Object.values(await ical.async.parseICS(ics!.content.toString("utf8"))).filter(
      (c) => c?.type === "VEVENT",
    );
    expect(calendar).toHaveLength(1);
    expect(calendar[0]).toMatchObject({
      summary: "Neon Nights — Marisol Vega",
      location: "Warehouse 9",
      uid: `ticket-${res.body.id}@label-records`,
    });
    const start = (calendar[0] as { start: Date }).start;
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([
      2031, 2, 14, 20, 0,
    ]);

    const row = await waitForRow(res.body.id, (r) => r.status === "sent");
    expect(row).toMatchObject({
      recipient: "buyer@fans.test",
      attempts: 1,
      lastError: null,
      template: "ticket-purchase-confirmation",
    });
    expect(outboxIdOf(mail)).toBe(row.id);
    expect(row.subject).toBe(mail.subject);
  });

  it("queues the message in the purchase's own single statement", async () => {
    const event = await insertEvent();
    const all = await capturedQueries(app.database.pool, () =>
      buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201),
    );
    // This app also runs the job runner (mail delivery, abandoned holds), whose own queries may land in the
    // capture window; only statements that write a purchase or a message belong to the request.
    const purchase = all.filter((text) => /insert into "(ticket_purchases|outbox_messages)"/i.test(text));
    expect(purchase).toHaveLength(1);
    expect(purchase[0]).toMatch(/insert into "ticket_purchases"[\s\S]*insert into "outbox_messages"/);
  });

  // A purchase rolled back for a taken confirmation code queues nothing either (tickets.test.ts).
  it("queues nothing for a purchase refused for stock", async () => {
    const event = await insertEvent({ totalTickets: 1, availableTickets: 1 });
    const before = await countOutbox();
    await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 2 }).expect(409);
    expect(await countOutbox()).toBe(before);
  });
});

describe("delivery", () => {
  it("lets a purchase succeed at once while SMTP is down, and delivers the message once when it is back", async () => {
    const event = await insertEvent();
    sink.down();
    try {
      const started = Date.now();
      const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201);
      expect(Date.now() - started).toBeLessThan(1000);
      const failing = await waitForRow(res.body.id, (r) => r.status === "queued" && r.attempts >= 1);
      expect(failing.lastError).toMatch(/ECONNRESET|closed|connect/i);
      sink.up();
      const code: string = res.body.confirmationCode;
      await sink.waitFor(withCode(code));
      await waitForRow(res.body.id, (r) => r.status === "sent");
      // Two more sweeps on each instance: still exactly one copy.
      await new Promise((r) => setTimeout(r, 2500));
      expect(sink.received.filter(withCode(code))).toHaveLength(1);
    } finally {
      sink.up();
    }
  });

  it("delivers each message exactly once with two instances running workers on one database", async () => {
    const event = await insertEvent({ totalTickets: 100, availableTickets: 100 });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? buyer : buyerOnSecond).post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201),
      ),
    );
    const codes = responses.map((r) => r.body.confirmationCode as string);
    const ofThese = (mail: { subject?: string }) => codes.some((code) => mail.subject?.includes(code));
    await sink.waitFor(ofThese, codes.length, 20_000);
    await new Promise((r) => setTimeout(r, 2500));
    const mails = sink.received.filter(ofThese);
    expect(mails).toHaveLength(codes.length);
    expect(new Set(mails.map(outboxIdOf)).size).toBe(codes.length);
  });

  it("sends again a message a stopped worker left in sending, once", async () => {
    const event = await insertEvent();
    // As if the worker died after the SMTP server accepted it: the row stays in sending, claimed long ago.
    const res = await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201);
    const sent = await waitForRow(res.body.id, (r) => r.status === "sent");
    const before = sink.received.filter(withCode(res.body.confirmationCode)).length;
    await app.db
      .update(outboxMessages)
      .set({ status: "sending", claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(outboxMessages.id, sent.id));
    await sink.waitFor(withCode(res.body.confirmationCode), before + 1);
    await waitForRow(res.body.id, (r) => r.status === "sent");
    await new Promise((r) => setTimeout(r, 1500));
    expect(sink.received.filter(withCode(res.body.confirmationCode))).toHaveLength(before + 1);
  });

  it("fails a message at once when the server refuses the mailbox for good", async () => {
    const [row] = await app.db
      .insert(outboxMessages)
      .values({
        template: "merchandise-order-confirmation",
        params: { itemName: "Tour Shirt", quantity: 1, unitPrice: "25.00", total: "25.00" },
        recipient: "nobody@fans.test",
        aboutType: "merchandise_order",
        aboutId: "00000000-0000-4000-8000-000000000001",
      })
      .returning();
    const deadline = Date.now() + 15_000;
    let current = row;
    while (current.status !== "failed" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      [current] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id));
    }
    expect(current).toMatchObject({ status: "failed", attempts: 1 });
    expect(current.lastError).toMatch(/550|No such mailbox/);
  });

  it("fails a message whose parameters cannot be rendered, without retrying", async () => {
    const [row] = await app.db
      .insert(outboxMessages)
      .values({
        template: "no-such-template",
        params: {},
        recipient: "x@fans.test",
        aboutType: "test",
        aboutId: "t",
      } as never)
      .returning();
    const deadline = Date.now() + 15_000;
    let current = row;
    while (current.status !== "failed" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      [current] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id));
    }
    expect(current.status).toBe("failed");
    expect(current.lastError).toBe('Could not render: Unknown template "no-such-template"');
  });
});
