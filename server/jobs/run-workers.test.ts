import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "@shared/events.table";
import { outboxMessages } from "@shared/outbox.table";
import { startTestApp, type TestApp } from "../test/app-harness";
import { startSmtpSink, type SmtpSink } from "../test/smtp-sink";

const SESSION_SECRET = "a-session-secret-for-the-run-workers-test-0123456789";
const FAST_JOBS = { JOBS_SWEEP_INTERVAL_MS: "1000", JOBS_POLL_INTERVAL_MS: "500" };

let sink: SmtpSink;
let web: TestApp;
let worker: TestApp | undefined;

beforeAll(async () => {
  sink = await startSmtpSink();
  const mail = { SMTP_URL: sink.url(), MAIL_FROM: "Label Records <tickets@label.test>" };
  web = await startTestApp({ env: { ...FAST_JOBS, ...mail, SESSION_SECRET, RUN_WORKERS: "false" }, workers: true });
});
afterAll(async () => {
  await worker?.close();
  await web?.close();
  await sink?.close();
});

describe("RUN_WORKERS=false", () => {
  it("queues a purchase's e-mail and leaves the work to an instance that runs workers", async () => {
    const [event] = await web.db
      .insert(events)
      .values({
        name: "Split Duty Night",
        artist: "Marisol Vega",
        venue: "Hall 2",
        date: "2031-05-01",
        time: "20:00",
        totalTickets: 10,
        availableTickets: 10,
        ticketPrice: "0.00",
        status: "on-sale",
      })
      .returning();
    const buyer = await web.signIn("split-duty@fans.test");
    const purchase = (await buyer.post("/api/tickets").send({ eventId: event.id, quantity: 1 }).expect(201)).body;
    const message = async () =>
      (
        await web.db
          .select({ status: outboxMessages.status, subject: outboxMessages.subject, attempts: outboxMessages.attempts })
          .from(outboxMessages)
          .where(and(eq(outboxMessages.aboutType, "ticket_purchase"), eq(outboxMessages.aboutId, purchase.id)))
      )[0];

    // Several polls and sweeps of time: the web instance neither renders nor sends it.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await message()).toMatchObject({ status: "queued", subject: null, attempts: 0 });
    expect(sink.received).toHaveLength(0);

    worker = await startTestApp({
      env: { ...FAST_JOBS, SMTP_URL: sink.url(), MAIL_FROM: "Label Records <tickets@label.test>", SESSION_SECRET },
      workers: true,
      database: web.database,
    });
    const [mail] = await sink.waitFor((m) => Boolean(m.subject?.includes(purchase.confirmationCode)));
    expect(mail.to).toBeDefined();
    // The row is marked sent just after the SMTP server accepted the message.
    for (let i = 0; i < 100 && (await message())?.status !== "sent"; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await message())?.status).toBe("sent");
  });
});
