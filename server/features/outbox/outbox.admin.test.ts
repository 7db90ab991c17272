import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "@shared/events.table";
import type { OutboxMessageDetail, OutboxMessageSummary } from "@shared/outbox";
import { outboxMessages } from "@shared/outbox.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { outboxIdOf, startSmtpSink, type SmtpSink } from "../../test/smtp-sink";

const FAST_JOBS = { JOBS_SWEEP_INTERVAL_MS: "1000", JOBS_POLL_INTERVAL_MS: "500", MAIL_RETRY_DELAY_MS: "1000" };
const ADMIN = "outbox-admin@label.test";

let sink: SmtpSink;
let app: TestApp;
let admin: Agent;
let member: Agent;

async function buyTickets(agent: Agent, app: TestApp) {
  const [event] = await app.db
    .insert(events)
    .values({
      name: "Static Shock",
      artist: "The Velvet Static",
      venue: "Hall 2",
      date: "2031-01-10",
      time: "21:00",
      totalTickets: 10,
      availableTickets: 10,
      ticketPrice: "12.00",
      status: "on-sale",
    })
    .returning();
  const res = await agent.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201);
  return res.body as { id: string; confirmationCode: string };
}

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const listed = async (agent: Agent) => (await agent.get("/api/outbox").expect(200)).body as OutboxMessageSummary[];

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({
    env: { ...FAST_JOBS, ADMIN_EMAILS: ADMIN, SMTP_URL: sink.url(), MAIL_FROM: "tickets@label.test" },
    workers: true,
  });
  admin = await app.signIn(ADMIN);
  member = await app.signIn("fan@label.test");
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

describe("the admin outbox API", () => {
  it("lists messages newest first, opens one with its inline image as a data: URL, and resends a sent one", async () => {
    const purchase = await buyTickets(member, app);
    const sent = await waitUntil(
      () => listed(admin),
      (list) => list.some((m) => m.aboutId === purchase.id && m.status === "sent"),
    );
    const summary = sent.find((m) => m.aboutId === purchase.id)!;
    expect(summary).toMatchObject({
      recipient: "fan@label.test",
      subject: `Your tickets for Static Shock — ${purchase.confirmationCode}`,
      status: "sent",
      attempts: 1,
      lastError: null,
      template: "ticket-purchase-confirmation",
      resendCount: 0,
    });
    expect(summary).not.toHaveProperty("html");

    const detail = (await admin.get(`/api/outbox/${summary.id}`).expect(200)).body as OutboxMessageDetail;
    expect(detail.html).toContain("data:image/png;base64,");
    expect(detail.html).not.toContain("cid:");
    expect(detail.text).toContain(purchase.confirmationCode);
    expect(detail.attachments).toEqual([
      { index: 0, filename: "ticket-1-qr.png", contentType: "image/png", size: expect.any(Number), inline: true },
      {
        index: 1,
        filename: expect.stringMatching(/\.pdf$/),
        contentType: "application/pdf",
        size: expect.any(Number),
        inline: false,
      },
      {
        index: 2,
        filename: expect.stringMatching(/\.ics$/),
        contentType: expect.stringMatching(/^text\/calendar/),
        size: expect.any(Number),
        inline: false,
      },
    ]);

    const file = await admin.get(`/api/outbox/${summary.id}/attachments/0`).expect(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["content-disposition"]).toBe("attachment; filename=ticket-1-qr.png");
    expect(file.body.subarray(0, 4).toString("latin1")).toBe("\x89PNG");
    await admin.get(`/api/outbox/${summary.id}/attachments/3`).expect(404);

    const resent = await admin.post(`/api/outbox/${summary.id}/resend`).expect(202);
    expect(resent.body).toMatchObject({ id: summary.id, status: "queued", attempts: 0, resendCount: 1 });
    const copies = await sink.waitFor((mail) => outboxIdOf(mail) === summary.id, 2);
    // The same content, with a new Message-ID so the recipient's mail client keeps it.
    expect(copies[1].html).toBe(copies[0].html);
    expect(copies[1].subject).toBe(copies[0].subject);
    expect(copies[1].messageId).not.toBe(copies[0].messageId);
    await waitUntil(
      () => listed(admin),
      (list) => list.find((m) => m.id === summary.id)?.status === "sent",
    );
  });

  it("refuses to resend a message that is still waiting, and answers 404 for unknown ids", async () => {
    const [row] = await app.db
      .insert(outboxMessages)
      .values({
        template: "merchandise-order-confirmation",
        params: { itemName: "Pin", quantity: 1, unitPrice: "5.00", total: "5.00" },
        recipient: "later@label.test",
        aboutType: "merchandise_order",
        aboutId: "x",
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const res = await admin.post(`/api/outbox/${row.id}/resend`).expect(409);
    expect(res.body.message).toBe("This message is waiting to be sent; only a sent or failed message can be resent");
    await admin.get("/api/outbox/00000000-0000-4000-8000-000000000000").expect(404);
    await admin.get("/api/outbox/not-an-id").expect(404);
    await admin.post("/api/outbox/00000000-0000-4000-8000-000000000000/resend").expect(404);
  });

  it("filters by status and refuses an unknown one", async () => {
    const [failed] = await app.db
      .insert(outboxMessages)
      .values({
        template: "no-such",
        params: {},
        recipient: "f@label.test",
        aboutType: "t",
        aboutId: "t",
        status: "failed",
        lastError: "boom",
      })
      .returning();
    const list = (await admin.get("/api/outbox?status=failed").expect(200)).body as OutboxMessageSummary[];
    expect(list.map((m) => m.id)).toContain(failed.id);
    expect(list.every((m) => m.status === "failed")).toBe(true);
    const bad = await admin.get("/api/outbox?status=lost").expect(400);
    expect(bad.body.message).toContain("Unknown status");
  });

  it("searches recipients and subjects for any part, in any case, taking % and _ literally", async () => {
    const message = (recipient: string, subject: string | null, status: "sent" | "failed" = "sent") => ({
      template: "no-such",
      params: {},
      recipient,
      subject,
      aboutType: "t",
      aboutId: "t",
      status,
    });
    const [rosa, tickets, literal, failed] = await app.db
      .insert(outboxMessages)
      .values([
        message("rosa.diaz@tacos.test", "Your vendor booking at Riverside"),
        message("ops@label.test", "Your tickets for Neon Nights — K7Q2ZX"),
        message("100%_real@fans.test", "Receipt"),
        message("k7q2zx-desk@fans.test", null, "failed"),
      ])
      .returning();
    const found = async (query: string) =>
      ((await admin.get(`/api/outbox?${query}`).expect(200)).body as OutboxMessageSummary[]).map((m) => m.id).sort();

    expect(await found("q=ROSA")).toEqual([rosa.id]);
    expect(await found("q=k7q2zx")).toEqual([tickets.id, failed.id].sort());
    expect(await found("q=k7q2zx&status=failed")).toEqual([failed.id]);
    expect(await found(`q=${encodeURIComponent("%_")}`)).toEqual([literal.id]);
    expect(await found("q=riverside")).toEqual([rosa.id]);
    // A blank search is no search.
    expect((await found(`q=${encodeURIComponent("   ")}`)).length).toBeGreaterThanOrEqual(4);
    const long = await admin.get(`/api/outbox?q=${"x".repeat(101)}`).expect(400);
    expect(long.body.fieldErrors.q).toEqual(["Search for at most 100 characters"]);
  });

  it("finds what the search asks through the trigram indexes, not by reading every message", async () => {
    const client = await app.database.pool.connect();
    try {
      await client.query("begin");
      await client.query("set local enable_seqscan = off");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        "explain select id from outbox_messages where recipient ilike '%rosa%' or subject ilike '%rosa%'",
      );
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(plan).toContain("outbox_messages_recipient_trgm_idx");
      expect(plan).toContain("outbox_messages_subject_trgm_idx");
      await client.query("rollback");
    } finally {
      client.release();
    }
  });

  it("is for administrators only: 401 signed out, 403 for members", async () => {
    const [row] = await app.db.select().from(outboxMessages).limit(1);
    for (const path of [
      "/api/outbox",
      "/api/outbox/status",
      `/api/outbox/${row.id}`,
      `/api/outbox/${row.id}/attachments/0`,
    ]) {
      await app.agent().get(path).expect(401);
      await member.get(path).expect(403);
    }
    await app.agent().post(`/api/outbox/${row.id}/resend`).expect(401);
    await member.post(`/api/outbox/${row.id}/resend`).expect(403);
  });
});

describe("queue figures", () => {
  it("GET /api/health and /api/outbox/status report queued and failed messages and the oldest queued age", async () => {
    await app.db.delete(outboxMessages).where(eq(outboxMessages.status, "queued"));
    const createdAt = new Date(Date.now() - 90_000);
    await app.db.insert(outboxMessages).values({
      template: "merchandise-order-confirmation",
      params: {},
      recipient: "waiting@label.test",
      aboutType: "t",
      aboutId: "t",
      createdAt,
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    const health = await app.agent().get("/api/health").expect(200);
    expect(health.body).toMatchObject({
      status: "ok",
      database: "up",
      outbox: { queued: 1, failed: expect.any(Number) },
    });
    expect(health.body.outbox.failed).toBeGreaterThanOrEqual(1);
    expect(health.body.outbox.oldestQueuedSeconds).toBeGreaterThanOrEqual(90);
    expect(health.body.outbox.oldestQueuedSeconds).toBeLessThan(120);

    const status = await admin.get("/api/outbox/status").expect(200);
    expect(status.body).toEqual({ ...health.body.outbox, smtpConfigured: true });
  });
});

describe("without SMTP", () => {
  it("renders each message for the outbox and keeps it queued, so configuring SMTP later delivers it", async () => {
    const devApp = await startTestApp({ env: { ...FAST_JOBS, ADMIN_EMAILS: ADMIN }, workers: true });
    try {
      const devAdmin = await devApp.signIn(ADMIN);
      const purchase = await buyTickets(await devApp.signIn("fan@label.test"), devApp);
      const list = await waitUntil(
        () => listed(devAdmin),
        (l) => l.some((m) => m.aboutId === purchase.id && m.subject !== null),
      );
      const message = list.find((m) => m.aboutId === purchase.id)!;
      expect(message).toMatchObject({
        status: "queued",
        attempts: 0,
        subject: `Your tickets for Static Shock — ${purchase.confirmationCode}`,
      });
      const detail = (await devAdmin.get(`/api/outbox/${message.id}`).expect(200)).body as OutboxMessageDetail;
      expect(detail.html).toContain(purchase.confirmationCode);
      expect((await devAdmin.get("/api/outbox/status").expect(200)).body.smtpConfigured).toBe(false);
    } finally {
      await devApp.close();
    }
  });
});
