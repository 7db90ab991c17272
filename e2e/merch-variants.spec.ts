// Options and variants in the browser: an administrator gives an item sizes in the Merchandise
// Management dialog and sets a size's stock; a visitor goes from the landing's Buy to the item's
// page, picks sizes with the keyboard, sees a sold-out size as such after a reload and asks to
// be told when it is back. The page works at 375 px with no serious accessibility problem, and
// the server answers an unknown item's page with 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { seriousViolations } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "shopkeeper@label.test";

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(width = 1280): Promise<Page> {
  const context = await contextForThisTest(browser, { viewport: { width, height: 900 } });
  return context.newPage();
}

async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  );
}

describe("options and variants in the browser", () => {
  it("an admin gives an item sizes; a visitor picks one on its page and asks for a sold-out one", async () => {
    const admin = await newPage();
    await signInThroughPage(admin, server.baseUrl, ADMIN);
    await admin.goto(`${server.baseUrl}/merchandise`);
    await admin.getByRole("button", { name: "Add Item" }).click();
    let dialog = admin.getByRole("dialog", { name: "Add Merchandise Item" });
    await dialog.getByLabel("Product Name").fill("Tour Tee");
    await dialog.getByLabel("Price ($)").fill("25");
    await dialog.getByLabel("Stock Quantity").fill("6");
    await dialog.getByRole("button", { name: "Create Item" }).click();
    // Created, the dialog stays open on the item: its options are set in the same sitting.
    dialog = admin.getByRole("dialog", { name: "Edit Merchandise Item" });
    const options = dialog.getByRole("form", { name: "Options" });
    await options.getByRole("button", { name: "Add option" }).click();
    await options.getByLabel("Option 1", { exact: true }).fill("Size");
    await options.getByLabel("Values (comma-separated)").fill("S, M, L");
    await options.getByRole("button", { name: "Save options" }).click();
    const medium = dialog.getByRole("form", { name: "Variant M" });
    await medium.waitFor();
    await medium.getByLabel("Stock", { exact: true }).fill("2");
    await medium.getByRole("button", { name: "Save variant M" }).click();
    type Listed = { id: string; variants: { id: string; options: { Size: string }; stockQuantity: number }[] };
    const listed = () => call<Listed[]>(admin, "GET", "/api/merchandise/all");
    // The row's save lands; the options kept the item's stock on the first size.
    await expect
      .poll(async () => (await listed())[0].variants.map((v) => [v.options.Size, v.stockQuantity]))
      .toEqual([
        ["S", 6],
        ["M", 2],
        ["L", 0],
      ]);
    const [item] = await listed();

    const visitor = await newPage(375);
    await visitor.goto(server.baseUrl);
    await visitor.getByRole("link", { name: "Buy Tour Tee: choose its options" }).click();
    await visitor.waitForURL(`**/merch/${item.id}`);
    await visitor.getByRole("heading", { level: 1, name: "Tour Tee" }).waitFor();
    const size = visitor.getByRole("group", { name: /Size/ });
    expect(await size.getByRole("radio", { name: "S", exact: true }).isChecked()).toBe(true);
    await size.getByRole("radio", { name: "S", exact: true }).focus();
    await visitor.keyboard.press("ArrowRight");
    expect(await size.getByRole("radio", { name: "M", exact: true }).isChecked()).toBe(true);
    await visitor.getByText("Only 2 left").waitFor();
    await size.getByRole("radio", { name: "L (sold out)", exact: true }).check({ force: true });
    await visitor.getByText("Sold out", { exact: true }).waitFor();

    // M sells out meanwhile; a reload shows it.
    const m = item.variants.find((v) => v.options.Size === "M")!;
    await call(admin, "PATCH", `/api/merchandise/variants/${m.id}`, {
      stockQuantity: 0,
      expectedStockQuantity: m.stockQuantity,
    });
    await visitor.reload();
    const reloaded = visitor.getByRole("group", { name: /Size/ });
    await reloaded.getByRole("radio", { name: "M (sold out)", exact: true }).check({ force: true });
    const form = visitor.getByRole("form", { name: "Tell me when it's back" });
    await form.getByLabel("Email").fill("fan@x.test");
    await form.getByRole("button", { name: "Notify me" }).click();
    await visitor
      .getByText(
        "Almost done: open the link we sent to fan@x.test to confirm. Then we'll e-mail you once when Tour Tee (M) is back.",
      )
      .waitFor();

    expect(await seriousViolations(visitor)).toEqual([]);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const missing = await fetch(`${server.baseUrl}/merch/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
  });
});
