import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "royalties-admin@label.test";
const PAYEE = "robin@artists.test";

let server: BuiltServer;
let browser: Browser;

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** "Night Drive" with two tracks, and Robin, who is paid half of it. */
async function seedCatalogue() {
  const [release] = await query<{ id: string }>(
    "insert into releases (title, artist, upc) values ('Night Drive', 'Robin Artist', '036000291452') returning id",
  );
  await query(
    `insert into tracks (release_id, title, isrc, position)
     values ($1, 'Intro', 'USRC17607839', 0), ($1, 'Bonus Track', 'USRC17607840', 1)`,
    [release.id],
  );
  const [payee] = await query<{ id: string }>(
    "insert into payees (name, email) values ('Robin Artist', $1) returning id",
    [PAYEE],
  );
  await query("insert into royalty_splits (payee_id, release_id, share) values ($1, $2, '50.00')", [
    payee.id,
    release.id,
  ]);
}

/**
 * A DistroKid report: two lines of Intro and one of a recording the distributor reports under an
 * ISRC the catalogue does not know (the Bonus Track, registered again by mistake).
 */
const REPORT = [
  "Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)",
  "2026-02-07\t2025-12\tSpotify\tRobin Artist\tIntro\tUSRC17607839\t\t3100\t100\tSong\tUS\t0\t10.000000",
  "2026-02-07\t2025-12\tApple Music\tRobin Artist\tIntro\tUSRC17607839\t\t640\t100\tSong\tGB\t0\t2.500000",
  "2026-02-07\t2025-12\tSpotify\tRobin Artist\tBonus Track\tQZSMP2600099\t\t2200\t100\tSong\tSE\t0\t7.123456",
].join("\n");

/** A TuneCore report in euros, sent without a rate. */
const EURO_REPORT = [
  "Posted Date,Sales Period,Store Name,Country Of Sale,Artist,Release Title,Song Title,TC Song ID,Optional ISRC,Optional UPC,Units Sold,Currency,Total Earned",
  "2026-03-04,2026-01,Apple Music,FR,Robin Artist,Night Drive,Intro,88001,USRC17607839,036000291452,1520,EUR,9.87",
].join("\n");

beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_EMAILS: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(email: string, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await contextForThisTest(browser, { viewport: { width, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInThroughPage(page, server.baseUrl, email);
  return { context, page };
}

describe("royalties", () => {
  it("an admin imports a report, assigns an unknown ISRC and closes the period; the payee reads the statement", async () => {
    await seedCatalogue();
    const { context: adminContext, page: admin } = await signedIn(ADMIN);

    // A period for the first quarter.
    await admin.goto(`${server.baseUrl}/admin/royalty-periods`);
    await admin.getByLabel("First day").fill("2026-01-01");
    await admin.getByLabel("Last day").fill("2026-03-31");
    await admin.getByRole("button", { name: "Open period" }).click();
    await expect.poll(() => admin.getByRole("button", { name: "Close period" }).count()).toBe(1);

    // The report: three lines, one of them unmatched.
    await admin.goto(`${server.baseUrl}/admin/royalty-imports`);
    await admin.getByLabel(/^Report file/).setInputFiles({
      name: "distrokid-2026-02.tsv",
      mimeType: "text/tab-separated-values",
      buffer: Buffer.from(REPORT),
    });
    await admin.getByRole("button", { name: "Import report" }).click();
    const summary = admin.getByText("Imported a DistroKid report").locator("..");
    await summary.waitFor();
    // The sum to the cent; the unmatched count links to the Unmatched page; the file field is empty again.
    expect(await summary.innerText()).toMatch(
      /Lines\s+3\s+Matched\s+2\s+Unmatched\s+1(\s+unmatched)?\s+Total\s+\$19\.62$/,
    );
    expect(await summary.getByRole("link", { name: "1 unmatched" }).getAttribute("href")).toBe("/admin/unmatched");
    expect(await admin.getByLabel(/^Report file/).inputValue()).toBe("");
    await admin.getByText(/1 line waits under 1 code/).waitFor();

    // A report in euros without a rate is refused in words, naming its format, until dismissed;
    // the failed import in the list is dismissed too.
    await admin.getByLabel(/^Report file/).setInputFiles({
      name: "tunecore-eur.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(EURO_REPORT),
    });
    await admin.getByRole("button", { name: "Import report" }).click();
    const refusal = admin.getByRole("alert").filter({ hasText: "Add a rate for EUR" });
    await refusal.getByText("The TuneCore report was not imported.", { exact: false }).waitFor();
    expect(await refusal.innerText()).toContain("Add a rate for EUR: how many dollars one euro is worth");
    await refusal.getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => refusal.count()).toBe(0);
    const failed = admin.getByRole("listitem").filter({ hasText: "tunecore-eur.csv" });
    expect(await failed.innerText()).toMatch(/TuneCore report[\s\S]*Not imported: Add a rate for EUR/);
    await failed.getByRole("button", { name: "Dismiss tunecore-eur.csv" }).click();
    await expect.poll(() => failed.count()).toBe(0);

    // The period cannot close while that line waits.
    await admin.goto(`${server.baseUrl}/admin/royalty-periods`);
    await admin.getByRole("button", { name: "Close period" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Close period" }).click();
    await admin.getByText(/1 unmatched line.*dated inside this period remain/).waitFor();

    // Assigning the reported ISRC to the Bonus Track matches its line.
    await admin.goto(`${server.baseUrl}/admin/unmatched`);
    const code = admin.getByRole("listitem").filter({ hasText: "QZSMP2600099" });
    expect(await code.innerText()).toContain("1 line, $7.12");
    await code.getByRole("button", { name: /Assign/ }).click();
    const dialog = admin.getByRole("dialog");
    // The search starts from the report's title; typed words match in any order and any case.
    expect(await dialog.getByLabel("Search the catalogue").inputValue()).toBe("Bonus Track");
    await dialog.getByLabel("Search the catalogue").fill("track NIGHT bonus");
    await dialog.getByRole("button", { name: /^Bonus Track/ }).click();
    await admin.getByText("1 line matched").first().waitFor();
    await admin.getByText("Every line is matched.").waitFor();

    // The imports page follows: its unmatched count is 0 and nothing waits.
    await admin.goto(`${server.baseUrl}/admin/royalty-imports`);
    await admin.getByText("Every imported line is matched.").waitFor();
    const imported = admin.getByRole("listitem").filter({ hasText: "distrokid-2026-02.tsv" });
    expect(await imported.innerText()).toContain("3 lines, 3 matched, 0 unmatched · total $19.62");

    // Closing now locks Robin's statement: half of 19.623456 is 9.811728, rounded once: $9.81.
    await admin.goto(`${server.baseUrl}/admin/royalty-periods`);
    await admin.getByRole("button", { name: "Close period" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Close period" }).click();
    const row = admin.getByRole("row", { name: /Robin Artist/ });
    await row.waitFor();
    expect(await row.innerText()).toContain("$9.81");
    await adminContext.close();

    // Robin signs in and reads it, with its PDF.
    const { context: payeeContext, page: payee } = await signedIn(PAYEE, 375);
    await payee.goto(`${server.baseUrl}/royalties`);
    const statement = payee.getByRole("listitem").filter({ hasText: "Payment due" });
    await statement.waitFor();
    expect(await statement.innerText()).toContain("$9.81");
    const pdfHref = await statement.getByRole("link", { name: /^PDF/ }).getAttribute("href");
    const pdf = await payee.request.get(`${server.baseUrl}${pdfHref}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    const csvHref = await statement.getByRole("link", { name: /^CSV/ }).getAttribute("href");
    const csv = await (await payee.request.get(`${server.baseUrl}${csvHref}`)).text();
    // Every line at full precision, the assigned one under its track; the payee-amount column,
    // summed as a spreadsheet would, makes the statement's $9.81 (no total row to count twice).
    expect(csv).toMatch(/Spotify,SE,Night Drive,Bonus Track,.*,7\.123456,.*,50,3\.561728/);
    const payeeAmounts = csv
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => Number(line.split(",").at(-1)));
    expect(payeeAmounts.reduce((sum, amount) => sum + amount, 0)).toBeCloseTo(9.811728, 6);
    expect(csv).not.toMatch(/^Total,/m);
    await payeeContext.close();

    // Another member has no statements, and cannot read Robin's.
    const { context: otherContext, page: other } = await signedIn("someone-else@fans.test");
    await other.goto(`${server.baseUrl}/royalties`);
    await other.getByRole("heading", { name: "No Royalty Statements" }).waitFor();
    expect((await other.request.get(`${server.baseUrl}${pdfHref}`)).status()).toBe(404);
    await otherContext.close();
  });
});
