import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { outboxIdOf, startSmtpSink, type SmtpSink } from "../server/test/smtp-sink";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { seriousViolations } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "postmaster@label.test";
const BUYER = "fan@label.test";
// Screenshots for a person to look at: E2E_SCREENSHOTS=/some/dir
const SHOTS = process.env.E2E_SCREENSHOTS;

let sink: SmtpSink;
let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startBuiltServer({
    ADMIN_EMAILS: ADMIN,
    SMTP_URL: sink.url(),
    MAIL_FROM: "Label Records <tickets@label.test>",
    JOBS_SWEEP_INTERVAL_MS: "1000",
    JOBS_POLL_INTERVAL_MS: "500",
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sink?.close();
});

async function signedIn(email: string, options: { width?: number; theme?: "dark" | "light" } = {}): Promise<Page> {
  const context = await contextForThisTest(browser, { viewport: { width: options.width ?? 1280, height: 900 } });
  if (options.theme)
    await context.addInitScript((theme) => localStorage.setItem("label-records-theme", theme), options.theme);
  const page = await context.newPage();
  await signInThroughPage(page, server.baseUrl, email);
  return page;
}

/** A same-origin JSON call from the page, as the app's own code makes it. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  );
}

describe("the admin outbox in the browser", () => {
  it(
    "an admin opens the Outbox, sees the purchase message, opens it and resends it",
    async () => {
      const admin = await signedIn(ADMIN);
      const buyer = await signedIn(BUYER);
      const event = await call<{ id: string }>(admin, "POST", "/api/events", {
        name: "Sunday Revival",
        artist: "Marisol Vega",
        venue: "The Blue Lantern",
        date: "2031-05-04",
        time: "19:00",
        totalTickets: 40,
        ticketPrice: "18.00",
        status: "on-sale",
      });
      const purchase = await call<{ confirmationCode: string }>(buyer, "POST", "/api/tickets", {
        eventId: event.id,
        quantity: 2,
      });
      const code = purchase.confirmationCode;
      const [delivered] = await sink.waitFor((mail) => Boolean(mail.subject?.includes(code)));

      await admin.goto(`${server.baseUrl}/dashboard`);
      await admin.getByRole("link", { name: "Outbox" }).click();
      await admin.getByRole("heading", { name: "Outbox", level: 1 }).waitFor();
      const row = admin.getByRole("button", { name: new RegExp(code) });
      await row.waitFor();
      expect(await row.textContent()).toContain(`To ${BUYER}`);
      expect(await row.textContent()).toContain("Sent");

      if (SHOTS) {
        for (const theme of ["dark", "light"] as const) {
          for (const width of [1280, 375]) {
            const page = await signedIn(ADMIN, { width, theme });
            await page.goto(`${server.baseUrl}/admin/outbox`);
            await page.getByRole("button", { name: new RegExp(code) }).waitFor();
            await page.screenshot({ path: `${SHOTS}/outbox-list-${width}-${theme}.png`, fullPage: true });
            await page.getByRole("button", { name: new RegExp(code) }).click();
            await page.frameLocator("iframe").getByText("The Blue Lantern").waitFor();
            await page.screenshot({ path: `${SHOTS}/outbox-message-${width}-${theme}.png` });
          }
        }
      }

      // Keyboard: the row opens with Enter.
      await row.focus();
      await admin.keyboard.press("Enter");
      const dialog = admin.getByRole("dialog");
      await dialog.getByRole("heading", { name: `Your tickets for Sunday Revival — ${code}` }).waitFor();
      const frame = dialog.frameLocator("iframe");
      await frame.getByText("Sunday, May 4, 2031").waitFor();
      await frame.getByText("The Blue Lantern").waitFor();
      // The ticket's inline QR code shows in the preview (a data: URL in place of cid:).
      const qr = frame.getByRole("img", { name: `QR code for ticket ${code}-1` });
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await dialog.locator("iframe").getAttribute("sandbox")).toBe("");
      await dialog.getByRole("link", { name: /ticket-1-qr\.png/ }).waitFor();

      // The preview is the e-mail as sent (its own markup, checked by the template tests), in a
      // sandboxed frame axe cannot script: the page around it is checked.
      expect(await seriousViolations(admin, { iframes: false, exclude: ["iframe"] })).toEqual([]);

      await dialog.getByRole("button", { name: "Resend" }).click();
      await admin
        .getByRole("region", { name: /Notifications/ })
        .getByText(`The message to ${BUYER} will be sent again.`)
        .waitFor();
      const copies = await sink.waitFor((mail) => outboxIdOf(mail) === outboxIdOf(delivered), 2);
      expect(copies[1].subject).toBe(delivered.subject);
    },
    SHOTS ? 240_000 : 60_000,
  );
});
