import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";
import { THEME_INIT_SCRIPT } from "../shared/theme-init";

const ADMIN = "guardian@label.test";
const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: ADMIN, SEED_DEMO: "true" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughPage(page, server.baseUrl, email);
  return page;
}

describe("the built pages", () => {
  it("carry one inline script, the theme script, which the CSP allows by its hash", async () => {
    const res = await fetch(`${server.baseUrl}/tickets`);
    const html = await res.text();
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toEqual([THEME_INIT_SCRIPT]);
    const hash = `'sha256-${crypto.createHash("sha256").update(inline[0]).digest("base64")}'`;
    expect(res.headers.get("content-security-policy")).toContain(hash);

    // And it ran before the app: a stored light theme is on <html> without a flash.
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem("label-records-theme", "light"));
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => m.text().includes("Content Security Policy") && violations.push(m.text()));
    await page.goto(server.baseUrl);
    expect(await page.evaluate(() => document.documentElement.className)).toBe("light");
    expect(violations).toEqual([]);
    await context.close();
  });

  it("send the build's own Brotli or gzip copy of an asset, the same bytes once decoded", async () => {
    const html = await (await fetch(server.baseUrl)).text();
    // The page's largest script: files of a few bytes are sent as they are, with no copies.
    const scripts = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    const sized = await Promise.all(
      scripts.map(async (path) => {
        const body = await (
          await fetch(server.baseUrl + path, { headers: { "accept-encoding": "identity" } })
        ).arrayBuffer();
        return { path, body };
      }),
    );
    const { path: script, body: plain } = sized.reduce((a, b) => (b.body.byteLength > a.body.byteLength ? b : a));
    expect(plain.byteLength).toBeGreaterThan(10_000);
    for (const encoding of ["br", "gzip"]) {
      const res = await fetch(server.baseUrl + script, { headers: { "accept-encoding": encoding } });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-type")).toMatch(/javascript/);
      // fetch decodes the body; it must equal the file itself.
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(plain))).toBe(true);
    }
  });
});

describe("stored text is shown as text", () => {
  it("renders a hostile merchandise name and invoice note literally, running nothing", async () => {
    const admin = await signedIn(ADMIN);
    const created = await admin.evaluate(async (name) => {
      const res = await fetch("/api/merchandise", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name, description: name, price: "12.00", stockQuantity: 3 }),
      });
      return res.status;
    }, PAYLOAD);
    expect(created).toBe(201);

    const visitor = await (await contextForThisTest(browser)).newPage();
    await visitor.goto(server.baseUrl);
    await visitor.getByText(PAYLOAD, { exact: true }).first().waitFor();
    expect(await visitor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    const member = await signedIn("writer@label.test");
    await member.evaluate(async (note) => {
      await fetch("/api/invoices", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          invoiceNumber: "INV-XSS-1",
          issueDate: new Date().toISOString(),
          dueDate: new Date(Date.now() + 864e5).toISOString(),
          clientName: note,
          notes: note,
          subtotal: "5.00",
          tax: "0.00",
          total: "5.00",
          status: "draft",
          items: [{ description: note, quantity: 1, unitPrice: "5.00" }],
        }),
      });
    }, PAYLOAD);
    await member.goto(`${server.baseUrl}/invoices`);
    await member.getByRole("button", { name: /View/ }).first().click();
    await member.getByRole("dialog").getByText(PAYLOAD, { exact: true }).first().waitFor();
    expect(await member.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
