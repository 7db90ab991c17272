import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Response } from "supertest";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { pdfText } from "../../test/pdf-text";
import { createInvoice } from "./invoices.test-support";

let app: TestApp;
let owner: Agent;

beforeAll(async () => {
  // Nothing kept between renders: every request below makes its PDF anew.
  app = await startTestApp({ env: { DOCUMENT_CACHE_MB: "0" } });
  owner = await app.signIn("long-invoices@x.test");
});
afterAll(async () => {
  await app?.close();
});

function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
}

const pdf = async (agent: Agent, path: string) =>
  (await agent.get(path).buffer(true).parse(binary).expect(200)).body as Buffer;

/** An invoice of `lines` lines with long descriptions: a PDF of several pages. */
function longInvoice(lines: number) {
  const items = Array.from({ length: lines }, (_, i) => ({
    description: `Session ${i + 1}: tracking, editing and a rough mix of the take, with notes for the band`,
    quantity: 1,
    unitPrice: "10.00",
  }));
  const total = (lines * 10).toFixed(2);
  return { items, subtotal: total, tax: "0.00", total };
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];

describe("PDF rendering under load", () => {
  it("keeps /api/health under 250 ms at p95 while four loops render a 180-line invoice", async () => {
    const invoices = await Promise.all(Array.from({ length: 4 }, () => createInvoice(owner, longInvoice(180))));
    const first = await pdf(owner, `/api/invoices/${invoices[0].id}/pdf`);
    expect(pdfText(first)).toContain("Session 180: tracking");

    const until = Date.now() + 6000;
    let rendered = 0;
    const loops = invoices.map(async (invoice) => {
      while (Date.now() < until) {
        await pdf(owner, `/api/invoices/${invoice.id}/pdf`);
        rendered += 1;
      }
    });
    const latencies: number[] = [];
    const probe = (async () => {
      while (Date.now() < until) {
        const start = performance.now();
        await app.agent().get("/api/health").expect(200);
        latencies.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await Promise.all([...loops, probe]);

    expect(rendered).toBeGreaterThanOrEqual(4);
    expect(latencies.length).toBeGreaterThan(10);
    expect(p95(latencies)).toBeLessThan(250);
  });
});

describe("PDF rate limit", () => {
  it("answers 429 past the limit per member, and per address on a public link", async () => {
    const limited = await startTestApp({ env: { DOCUMENT_RATE_LIMIT: "2" }, database: app.database });
    try {
      const member = await limited.signIn("downloader@x.test");
      const invoice = await createInvoice(member, { status: "sent" });
      for (let i = 0; i < 2; i += 1) await pdf(member, `/api/invoices/${invoice.id}/pdf`);
      const res = await member.get(`/api/invoices/${invoice.id}/pdf`).expect(429);
      expect(res.body.message).toBe("Too many document downloads. Please wait a minute and try again.");
      expect(res.headers["retry-after"]).toBe("60");

      const { publicPath } = (await member.get(`/api/invoices/${invoice.id}`).expect(200)).body;
      const visitor = limited.agent();
      const link = `/api/public/invoices/${(publicPath as string).replace("/pay/", "")}/pdf`;
      for (let i = 0; i < 2; i += 1) await pdf(visitor, link);
      await visitor.get(link).expect(429);
    } finally {
      await limited.close();
    }
  });
});
