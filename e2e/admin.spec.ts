import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { seriousViolations } from "./support/axe";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "boss@label.test";
const MASTER_CODE = "backstage-pass-2024";

let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: ADMIN, MASTER_CODE });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(options: { width?: number } = {}): Promise<Page> {
  const context = await contextForThisTest(browser, { viewport: { width: options.width ?? 1280, height: 900 } });
  return context.newPage();
}

async function signedIn(email: string, options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage(options);
  await signInThroughPage(page, server.baseUrl, email);
  return page;
}

/** A toast (docs/product.md, "Texts and messages"), read from the notifications region. */
async function expectToast(page: Page, text: string) {
  await page
    .getByRole("region", { name: /Notifications/ })
    .getByText(text, { exact: true })
    .waitFor();
}

/** Accepts the next window.confirm after checking its question. */
function acceptConfirm(page: Page, question: string) {
  page.once("dialog", async (dialog) => {
    expect(dialog.type()).toBe("confirm");
    expect(dialog.message()).toBe(question);
    await dialog.accept();
  });
}

describe("administration in the browser", () => {
  it("an admin creates, edits and deletes a tour date, and the public landing follows each change", async () => {
    const admin = await signedIn(ADMIN);
    const visitor = await newPage();
    const landingTourDates = () => visitor.getByRole("region", { name: "Artist Tour Dates" });

    await admin.goto(`${server.baseUrl}/tour-dates`);
    await admin.getByText('No tour dates scheduled yet. Click "Add Tour Date" to create one.').waitFor();
    await admin.getByRole("button", { name: "Add Tour Date" }).click();
    const dialog = admin.getByRole("dialog", { name: "Add Tour Date" });
    await dialog.getByLabel("Artist Name").fill("Juniper Hollow");
    await dialog.getByLabel("Date").fill("2027-03-14");
    await dialog.getByLabel("Time", { exact: true }).fill("20:30");
    await dialog.getByLabel("Location").fill("The Test Hall, Austin");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expectToast(admin, "Tour date created successfully");
    await admin.getByRole("heading", { name: "Juniper Hollow" }).waitFor();

    await visitor.goto(server.baseUrl);
    await landingTourDates().getByText("Juniper Hollow").waitFor();
    await landingTourDates().getByText("The Test Hall, Austin").waitFor();

    await admin.getByRole("button", { name: /^Edit Juniper Hollow/ }).click();
    const edit = admin.getByRole("dialog", { name: "Edit Tour Date" });
    expect(await edit.getByLabel("Date").inputValue()).toBe("2027-03-14");
    await edit.getByLabel("Location").fill("Red Rocks, Morrison");
    await edit.getByRole("button", { name: "Update" }).click();
    await expectToast(admin, "Tour date updated successfully");

    await visitor.reload();
    await landingTourDates().getByText("Red Rocks, Morrison").waitFor();
    expect(await landingTourDates().getByText("The Test Hall, Austin").count()).toBe(0);

    acceptConfirm(admin, "Are you sure you want to delete this tour date?");
    await admin.getByRole("button", { name: /^Delete Juniper Hollow/ }).click();
    await expectToast(admin, "Tour date deleted successfully");
    await admin.getByText('No tour dates scheduled yet. Click "Add Tour Date" to create one.').waitFor();

    await visitor.reload();
    await landingTourDates().getByText("TBA").first().waitFor();
    expect(await landingTourDates().getByText("Juniper Hollow").count()).toBe(0);
  });

  it("an admin creates, edits and deletes a merchandise item, and the public landing follows each change", async () => {
    const admin = await signedIn(ADMIN);
    const visitor = await newPage();
    const landingMerch = () => visitor.getByRole("region", { name: "Merchandise" });

    await admin.goto(`${server.baseUrl}/merchandise`);
    await admin.getByText("No merchandise items yet").waitFor();
    await admin.getByRole("button", { name: "Add Item" }).click();
    const dialog = admin.getByRole("dialog", { name: "Add Merchandise Item" });
    await dialog.getByLabel("Product Name").fill("Velvet Static Tour Tee");
    await dialog.getByLabel("Description").fill("Black cotton tee with the 2027 tour dates on the back.");
    await dialog.getByLabel("Price ($)").fill("25.5");
    await dialog.getByLabel("Category (optional)").fill("Apparel");
    await dialog.getByLabel("Stock Quantity").fill("40");
    await dialog.getByRole("button", { name: "Create Item" }).click();
    // The dialog stays open for the item's options and shipping; this one needs none. (The modal
    // hides the rest of the page from assistive technology, its toast included, until it closes.)
    await admin.getByRole("dialog", { name: "Edit Merchandise Item" }).waitFor();
    await admin.keyboard.press("Escape");
    await expectToast(admin, "Merchandise item created successfully");
    const card = admin.getByRole("listitem").filter({ hasText: "Velvet Static Tour Tee" });
    await card.getByText("$25.50").waitFor();
    await card.getByText("Stock: 40").waitFor();

    await visitor.goto(server.baseUrl);
    await landingMerch().getByRole("heading", { name: "Velvet Static Tour Tee" }).waitFor();
    await landingMerch().getByText("$25.50").waitFor();

    await card.getByRole("button", { name: "Edit Velvet Static Tour Tee" }).click();
    const edit = admin.getByRole("dialog", { name: "Edit Merchandise Item" });
    expect(await edit.getByLabel("Price ($)").inputValue()).toBe("25.50");
    await edit.getByLabel("Price ($)").fill("19.99");
    await edit.getByRole("button", { name: "Update Item" }).click();
    await expectToast(admin, "Merchandise item updated successfully");
    await card.getByText("$19.99").waitFor();

    await visitor.reload();
    await landingMerch().getByText("$19.99").waitFor();

    acceptConfirm(admin, "Are you sure you want to delete this merchandise item?");
    await card.getByRole("button", { name: "Delete Velvet Static Tour Tee" }).click();
    await expectToast(admin, "Merchandise item deleted successfully");
    await admin.getByText("No merchandise items yet").waitFor();

    await visitor.reload();
    await visitor.getByRole("region", { name: "Artist Tour Dates" }).waitFor();
    expect(await visitor.getByText("Velvet Static Tour Tee").count()).toBe(0);
  });

  it("shows a signed-in non-admin 'Administrator access required' on the management pages, and the shop behind the merchandise tiles", async () => {
    const member = await signedIn("fan@label.test");
    for (const path of ["/tour-dates", "/admin/featured-artists", "/admin/live-streams"]) {
      await member.goto(`${server.baseUrl}${path}`);
      await member.getByRole("heading", { name: "Administrator access required" }).waitFor();
      expect(await member.getByRole("button", { name: /^Add / }).count()).toBe(0);
    }
    for (const tile of ["Merchandise", "Fashion"]) {
      await member.goto(server.baseUrl);
      await member
        .getByRole("region", { name: "Departments" })
        .getByRole("link", { name: new RegExp(`^${tile}`) })
        .click();
      await member.getByRole("heading", { level: 1, name: "Merchandise", exact: true }).waitFor();
      expect(await member.getByText("Administrator access required").count()).toBe(0);
      expect(await member.getByRole("button", { name: /^Add / }).count()).toBe(0);
    }
    expect(await member.getByRole("link", { name: "Tour Dates" }).count()).toBe(1);
    expect(await member.getByRole("heading", { name: "Manage", exact: true }).count()).toBe(0);
  });

  it("turns a member into an admin with the master code, after refusing a wrong one", async () => {
    const member = await signedIn("crew@label.test");

    await member.getByRole("button", { name: "Enter master code" }).click();
    const dialog = member.getByRole("dialog", { name: "Enter master code" });
    await dialog.getByLabel("Master code").fill("not-it");
    await dialog.getByRole("button", { name: "Unlock" }).click();
    await dialog.getByRole("alert").getByText("That master code is not correct").waitFor();

    await dialog.getByLabel("Master code").fill(MASTER_CODE);
    await dialog.getByRole("button", { name: "Unlock" }).click();
    await expectToast(member, "You now have administrator access.");
    await member.getByText("Signed in as admin").waitFor();
    await member.getByRole("heading", { name: "Administration" }).waitFor();
  });

  it("collapses the sidebar with Ctrl+B and keeps it collapsed after a reload", async () => {
    const admin = await signedIn(ADMIN);
    await admin.goto(`${server.baseUrl}/tour-dates`);
    const sidebar = admin.locator('[data-slot="sidebar"]');
    await admin.getByRole("navigation", { name: "Dashboard" }).waitFor();
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    expect(await admin.getByRole("link", { name: "Tour Dates" }).getAttribute("aria-current")).toBe("page");

    await admin.keyboard.press("Control+b");
    await admin.locator('[data-slot="sidebar"][data-state="collapsed"]').waitFor();
    const cookie = (await admin.context().cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 60);

    await admin.reload();
    await admin.getByRole("navigation", { name: "Dashboard" }).waitFor();
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    const width = await sidebar.evaluate((el) => (el.lastElementChild as HTMLElement).getBoundingClientRect().width);
    expect(width).toBe(48);

    await admin.keyboard.press("Control+b");
    await admin.locator('[data-slot="sidebar"][data-state="expanded"]').waitFor();
    await admin.waitForFunction(
      () => document.querySelector('[data-slot="sidebar"]')?.lastElementChild?.getBoundingClientRect().width === 256,
    );
  });

  it("makes the sidebar a slide-in panel at 375 px", async () => {
    const admin = await signedIn(ADMIN, { width: 375 });
    await admin.goto(`${server.baseUrl}/merchandise`);
    await admin.getByRole("heading", { name: "Merchandise Management" }).waitFor();
    expect(await admin.getByRole("navigation", { name: "Dashboard" }).count()).toBe(0);

    await admin.getByRole("button", { name: "Toggle sidebar" }).click();
    const panel = admin.getByRole("dialog", { name: "Navigation" });
    await panel.waitFor();
    // It slides in from the left edge and ends 18rem wide.
    await expect.poll(async () => (await panel.boundingBox())?.x, { timeout: 5000 }).toBe(0);
    expect((await panel.boundingBox())?.width).toBe(288);

    await panel.getByRole("link", { name: "Tour Dates" }).click();
    await admin.getByRole("heading", { name: "Tour Dates Management" }).waitFor();
    await panel.waitFor({ state: "detached" });
  });

  it("has no serious or critical accessibility violations on home, tour dates and merchandise", async () => {
    const page = await signedIn(ADMIN);
    const created = await page.evaluate(async () => {
      const post = (url: string, body: unknown) =>
        fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const answers = await Promise.all([
        post("/api/tour-dates", {
          artistName: "Nova Reign",
          date: "2027-05-01",
          time: "19:00",
          location: "Harbor Arena",
        }),
        post("/api/merchandise", {
          name: "Logo Hoodie",
          price: "59.99",
          stockQuantity: 3,
          imageUrl: "/demo/merch/logo-hoodie.svg",
        }),
        post("/api/merchandise", { name: "Enamel Pin", price: "8", isAvailable: 0 }),
      ]);
      return answers.map((answer) => answer.status);
    });
    expect(created).toEqual([201, 201, 201]);

    const found: string[] = [];
    // One signed-in page throughout: each visit below loads the page again, in the theme stored
    // here (the page's own start-up script reads it) and at the width set here.
    for (const [theme, width] of [
      ["dark", 1280],
      ["light", 1280],
      ["dark", 375],
    ] as const) {
      await page.evaluate((stored) => localStorage.setItem("label-records-theme", stored), theme);
      await page.setViewportSize({ width, height: 900 });
      for (const [path, heading] of [
        ["/", "Departments"],
        ["/tour-dates", "Nova Reign"],
        ["/merchandise", "Logo Hoodie"],
      ] as const) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.getByRole("heading", { name: heading }).waitFor();
        const shown = await page.evaluate(() =>
          document.documentElement.classList.contains("dark") ? "dark" : "light",
        );
        if (shown !== theme) found.push(`${path}: shown in the ${shown} theme, not ${theme}`);
        found.push(...(await seriousViolations(page, { where: `${path} ${theme} ${width}px` })));
      }
      if (width === 1280) {
        // The dialogs too, showing their validation messages.
        await page.getByRole("button", { name: "Add Item" }).click();
        await page.getByRole("button", { name: "Create Item" }).click();
        await page.getByText("Price is required").waitFor();
        found.push(...(await seriousViolations(page, { where: `merchandise dialog ${theme}` })));
        await page.keyboard.press("Escape");
        await page.goto(`${server.baseUrl}/tour-dates`);
        await page.getByRole("button", { name: "Add Tour Date" }).click();
        await page.getByRole("button", { name: "Create" }).click();
        await page.getByText("Required").first().waitFor();
        found.push(...(await seriousViolations(page, { where: `tour date dialog ${theme}` })));
      }
    }
    expect(found).toEqual([]);
  }, 240_000);
});
