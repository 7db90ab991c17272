import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Response } from "supertest";
import { startSmtpSink, type SmtpSink } from "../../test/smtp-sink";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { pdfText } from "../../test/pdf-text";
import { createInvoicesRepository } from "./invoices.repository";
import { eq } from "drizzle-orm";
import { invoices } from "@shared/invoices.table";
import { outboxMessages } from "@shared/outbox.table";
import {
  createInvoice,
  eventKinds,
  invoiceBody,
  LINK_SIGNING_ENV,
  signedLink,
  storedInvoice,
} from "./invoices.test-support";

const FAST_JOBS = { JOBS_SWEEP_INTERVAL_MS: "1000", JOBS_POLL_INTERVAL_MS: "500", MAIL_RETRY_DELAY_MS: "1000" };

let sink: SmtpSink;
let app: TestApp;
let owner: Agent;

/** Supertest reads a PDF answer as bytes. */
function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
}

const fetchPdf = async (agent: Agent, path: string) =>
  (await agent.get(path).buffer(true).parse(binary).expect(200)) as Response & { body: Buffer };

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({
    env: { ...FAST_JOBS, ...LINK_SIGNING_ENV, SMTP_URL: sink.url(), MAIL_FROM: "Label Records <billing@label.test>" },
    workers: true,
  });
  owner = await app.signIn("sender@x.test");
  await owner.put("/api/user/label").send({ labelName: "Nova Music", labelLogoUrl: "https://cdn.test/logo.png" });
});
afterAll(async () => {
  await app?.close();
  await sink?.close();
});

describe("GET /api/invoices/{id}/pdf", () => {
  it("is a PDF with the label, the invoice number, the lines and the total", async () => {
    const invoice = await createInvoice(owner, {
      invoiceNumber: "INV-PDF-1",
      tax: "7.50",
      total: "107.50",
      notes: "Thank you",
    });
    const res = await fetchPdf(owner, `/api/invoices/${invoice.id}/pdf`);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.body.subarray(0, 4).toString()).toBe("%PDF");
    const text = pdfText(res.body);
    for (const part of ["Invoice INV-PDF-1", "Mixing", "$100.00", "$7.50", "$107.50", "Rosa Diaz", "Thank you"])
      expect(text).toContain(part);
  });

  it("shows the days the member chose in the member's time zone, not the server's UTC day", async () => {
    // Local midnight of Feb 14 and the end of Feb 28 in Berlin (UTC+1) are Feb 13 and Feb 28
    // in UTC: only the recorded zone gives back the member's calendar days.
    const invoice = await createInvoice(owner, {
      invoiceNumber: "INV-TZ-1",
      issueDate: "2027-02-13T23:00:00.000Z",
      dueDate: "2027-02-28T22:59:59.999Z",
      timeZone: "Europe/Berlin",
    });
    const text = pdfText((await fetchPdf(owner, `/api/invoices/${invoice.id}/pdf`)).body);
    expect(text).toContain("Issued Feb 14, 2027");
    expect(text).toContain("Due Feb 28, 2027");
  });

  it("refuses a time zone it does not know (400), creating nothing", async () => {
    const res = await owner
      .post("/api/invoices")
      .send(invoiceBody({ invoiceNumber: "INV-TZ-BAD", timeZone: "Mars/Olympus" }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("Unknown time zone");
    expect(await app.db.select().from(invoices).where(eq(invoices.invoiceNumber, "INV-TZ-BAD"))).toEqual([]);
  });
});

describe("POST /api/invoices/{id}/send", () => {
  it("e-mails the client the PDF and the public link; the invoice is sent and the timeline says to whom", async () => {
    const invoice = await createInvoice(owner, { invoiceNumber: "INV-SEND-1", clientEmail: "client-send@x.test" });
    const res = await owner.post(`/api/invoices/${invoice.id}/send`).expect(200);
    expect(res.body.status).toBe("sent");
    const [mail] = await sink.waitFor((m) => JSON.stringify(m.to ?? "").includes("client-send@x.test"));
    expect(mail.subject).toBe("INV-SEND-1 — Invoice from Nova Music");
    const { publicPath } = (await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body;
    expect(mail.text).toContain(`${app.baseUrl}${publicPath}`);
    const pdf = mail.attachments.find((a) => a.contentType === "application/pdf");
    expect(pdf?.filename).toBe("invoice-INV-SEND-1.pdf");
    expect(pdfText(pdf!.content)).toContain("Invoice INV-SEND-1");
    const detail = (await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body;
    expect(detail.events.at(-1)).toMatchObject({ kind: "sent", detail: { to: "client-send@x.test", how: "email" } });
  });

  it("refuses to send without the client's e-mail address, changing nothing", async () => {
    const invoice = await createInvoice(owner, { clientEmail: "" });
    const res = await owner.post(`/api/invoices/${invoice.id}/send`).expect(409);
    expect(res.body.message).toBe("Add the client's e-mail address before sending");
    expect((await storedInvoice(app, invoice.id)).status).toBe("draft");
    expect(await eventKinds(app, invoice.id)).toEqual(["created"]);
  });
});

describe("the e-mail to the client", () => {
  const mailTo = async (address: string) =>
    (await sink.waitFor((m) => JSON.stringify(m.to ?? "").includes(address)))[0];

  it("comes from the label's address as the member's company via the label, and replies reach the member", async () => {
    const invoice = await createInvoice(owner, { companyName: 'Nova "Music", LLC', clientEmail: "from@client.test" });
    await owner.post(`/api/invoices/${invoice.id}/send`).expect(200);
    const mail = await mailTo("from@client.test");
    expect(mail.from?.value).toEqual([{ name: "Nova Music, LLC via Label Records", address: "billing@label.test" }]);
    expect(mail.replyTo?.value).toEqual([{ name: "", address: "sender@x.test" }]);
    // The footer is about the invoice, not an order; the link is a button with the address below it.
    expect(mail.text).toContain('You receive this e-mail because Nova "Music", LLC sent you invoice');
    expect(mail.text).not.toMatch(/your order/i);
    expect(mail.html).toMatch(/<a[^>]+href="http[^"]+\/pay\/[^"]+"[^>]*>[\s\S]*View invoice/);
  });

  it("never carries the member's text alone: a sender posing as a bank is named via the label, the subject starts with the number", async () => {
    const invoice = await createInvoice(owner, {
      invoiceNumber: "INV-PHISH-1",
      companyName: '"PayPal Security" <security@paypal.example>',
      clientEmail: "phished@client.test",
    });
    await owner
      .post(`/api/invoices/${invoice.id}/send`)
      .send({ subject: "Your account is locked", message: "Unlock it at https://paypa1.example/login" })
      .expect(200);
    const mail = await mailTo("phished@client.test");
    expect(mail.from?.value).toEqual([{ name: "PayPal Security via Label Records", address: "billing@label.test" }]);
    expect(mail.subject).toBe("INV-PHISH-1 — Your account is locked");
  });

  it("says nothing of paying online while card payment is not offered, and tells how to pay instead", async () => {
    const invoice = await createInvoice(owner, {
      clientEmail: "offline@client.test",
      paymentInstructions: "IBAN DE89 3704 0044 0532 0130 00",
    });
    await owner.post(`/api/invoices/${invoice.id}/send`).expect(200);
    const mail = await mailTo("offline@client.test");
    expect(mail.text).not.toMatch(/pay online|pay it online|and pay/i);
    expect(mail.text).toContain("IBAN DE89 3704 0044 0532 0130 00");
  });

  it("carries the subject and message the member reviewed, as plain text", async () => {
    const invoice = await createInvoice(owner, { invoiceNumber: "INV-MSG-1", clientEmail: "words@client.test" });
    const message = "Hi Rosa,\r\n\r\n<b>Thanks</b> & <script>alert(1)</script>\nSee you soon";
    await owner
      .post(`/api/invoices/${invoice.id}/send`)
      .send({ subject: "  Your March invoice <3  ", message })
      .expect(200);
    const mail = await mailTo("words@client.test");
    expect(mail.subject).toBe("INV-MSG-1 — Your March invoice <3");
    expect(mail.text).toContain("<b>Thanks</b> & <script>alert(1)</script>");
    expect(mail.html).toContain("&lt;b&gt;Thanks&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toMatch(/Thanks[\s\S]*<br\/?>[\s\S]*See you soon/);
  });

  it("refuses a subject on two lines, an empty or overlong message, or control characters (400), changing nothing", async () => {
    const invoice = await createInvoice(owner, { clientEmail: "refused@client.test" });
    for (const [body, field] of [
      [{ subject: "Invoice\r\nBcc: everyone@x.test" }, "subject"],
      [{ subject: "x".repeat(201) }, "subject"],
      [{ subject: "   " }, "subject"],
      [{ message: "" }, "message"],
      [{ message: "x".repeat(5001) }, "message"],
      [{ message: "Ring the bell\u0007" }, "message"],
      [{ message: 42 }, "message"],
    ] as const) {
      const res = await owner.post(`/api/invoices/${invoice.id}/send`).send(body).expect(400);
      expect(Object.keys(res.body.fieldErrors), JSON.stringify(body)).toEqual([field]);
    }
    expect((await storedInvoice(app, invoice.id)).status).toBe("draft");
    expect(await eventKinds(app, invoice.id)).toEqual(["created"]);
    const queued = await app.db.select().from(outboxMessages).where(eq(outboxMessages.aboutId, invoice.id));
    expect(queued).toEqual([]);
  });
});

describe("the PDF and the public page", () => {
  it("say the status in words, the amount due and, without card payment, the member's payment instructions", async () => {
    const invoice = await createInvoice(owner, {
      status: "sent",
      paymentInstructions: "IBAN DE89 3704 0044 0532 0130 00\nPayment within 30 days",
    });
    const text = pdfText((await fetchPdf(owner, `/api/invoices/${invoice.id}/pdf`)).body);
    expect(text).toContain("Status: Sent");
    expect(text).toContain("Amount due");
    expect(text).toContain("HOW TO PAY");
    expect(text).toContain("Payment within 30 days");
    const link = (await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body.publicPath as string;
    const shown = (
      await app
        .agent()
        .get(`/api/public/invoices/${link.replace("/pay/", "")}`)
        .expect(200)
    ).body;
    expect(shown.invoice.paymentInstructions).toBe("IBAN DE89 3704 0044 0532 0130 00\nPayment within 30 days");
  });

  it("owe nothing once the invoice is paid, and leave the payment instructions out", async () => {
    const invoice = await createInvoice(owner, { status: "sent", paymentInstructions: "IBAN DE89" });
    await owner.post(`/api/invoices/${invoice.id}/mark-paid`).send({ paidOn: "2031-03-14" }).expect(200);
    const text = pdfText((await fetchPdf(owner, `/api/invoices/${invoice.id}/pdf`)).body);
    expect(text).toContain("Status: Paid");
    expect(text).toMatch(/Amount due\s*\$0\.00/);
    expect(text).not.toContain("IBAN DE89");
    const link = (await owner.get(`/api/invoices/${invoice.id}`).expect(200)).body.publicPath as string;
    const shown = (
      await app
        .agent()
        .get(`/api/public/invoices/${link.replace("/pay/", "")}`)
        .expect(200)
    ).body;
    expect(shown.invoice.paymentInstructions).toBeNull();
  });
});

describe("the public invoice", () => {
  async function publicToken(id: string) {
    const { publicPath } = (await owner.get(`/api/invoices/${id}`).expect(200)).body;
    return (publicPath as string).replace("/pay/", "");
  }

  it("shows a sent invoice signed out, with its PDF, and records the view once an hour", async () => {
    const invoice = await createInvoice(owner, { status: "sent", invoiceNumber: "INV-PUB-1" });
    const token = await publicToken(invoice.id);
    const visitor = app.agent();
    const res = await visitor.get(`/api/public/invoices/${token}`).expect(200);
    expect(res.body).toMatchObject({
      labelName: "Nova Music",
      canPayByCard: false,
      invoice: { invoiceNumber: "INV-PUB-1", status: "sent", total: "100.00" },
    });
    expect(res.body.invoice).not.toHaveProperty("userId");
    await visitor.get(`/api/public/invoices/${token}`).expect(200);
    expect((await eventKinds(app, invoice.id)).filter((k) => k === "viewed")).toHaveLength(1);
    const pdf = await fetchPdf(visitor, `/api/public/invoices/${token}/pdf`);
    expect(pdfText(pdf.body)).toContain("Invoice INV-PUB-1");
  });

  it("records one view when opens race, from one instance or two", async () => {
    const invoice = await createInvoice(owner, { status: "sent" });
    const instances = [createInvoicesRepository(app.db), createInvoicesRepository(app.db)];
    await Promise.all(Array.from({ length: 12 }, (_, i) => instances[i % 2].recordViewed(invoice.id)));
    expect((await eventKinds(app, invoice.id)).filter((k) => k === "viewed")).toHaveLength(1);
  });

  it("does not count the owner's own visit as viewed", async () => {
    const invoice = await createInvoice(owner, { status: "sent" });
    await owner.get(`/api/public/invoices/${await publicToken(invoice.id)}`).expect(200);
    expect(await eventKinds(app, invoice.id)).toEqual(["created"]);
  });

  it("says paid once it is paid", async () => {
    const invoice = await createInvoice(owner, { status: "sent" });
    const token = await publicToken(invoice.id);
    await owner.post(`/api/invoices/${invoice.id}/mark-paid`).send({ paidOn: "2031-03-14" }).expect(200);
    expect((await app.agent().get(`/api/public/invoices/${token}`).expect(200)).body.invoice.status).toBe("paid");
  });

  it("answers 404 to a tampered or unknown token, and to a draft for anyone but its owner", async () => {
    const invoice = await createInvoice(owner, { status: "sent" });
    const token = await publicToken(invoice.id);
    const tampered = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    await app.agent().get(`/api/public/invoices/${tampered}`).expect(404);
    await app.agent().get(`/api/public/invoices/${tampered}/pdf`).expect(404);
    await app.agent().get("/api/public/invoices/nothing-here").expect(404);
    const draft = await createInvoice(owner);
    const draftToken = signedLink(app, draft.id).replace("/pay/", "");
    await app.agent().get(`/api/public/invoices/${draftToken}`).expect(404);
    await owner.get(`/api/public/invoices/${draftToken}`).expect(200);
  });

  it("hands out no link for a draft, and the link once it is sent", async () => {
    const draft = await createInvoice(owner);
    expect((await owner.get(`/api/invoices/${draft.id}`).expect(200)).body.publicPath).toBeNull();
    await owner.post(`/api/invoices/${draft.id}/mark-sent`).expect(200);
    expect((await owner.get(`/api/invoices/${draft.id}`).expect(200)).body.publicPath).toBe(signedLink(app, draft.id));
  });
});

describe("public invoice rate limit", () => {
  it("answers 429 past the limit per address", async () => {
    const limited = await startTestApp({ env: { PUBLIC_INVOICE_RATE_LIMIT: "3" } });
    try {
      const visitor = limited.agent();
      for (let i = 0; i < 3; i += 1) await visitor.get("/api/public/invoices/unknown").expect(404);
      const res = await visitor.get("/api/public/invoices/unknown").expect(429);
      expect(res.body.message).toBe("Too many requests for this invoice. Please wait a minute and try again.");
    } finally {
      await limited.close();
    }
  });
});
