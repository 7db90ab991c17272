// The music store end to end: an administrator uploads a master and puts the release on sale;
// a visitor, signed out, names a price of zero, gets the link and downloads the FLAC zip, then
// redeems a download code; signed in with that address, their library lists both.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "store-admin@label.test";
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

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function makeWav(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-e2e-"));
  const file = path.join(dir, "tone.wav");
  execFileSync("/usr/bin/ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=330:duration=2", file]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

describe("the music store", () => {
  it("an admin puts a release on sale; a visitor names a price of 0, downloads FLAC and redeems a code; their library lists both", async () => {
    const upc = String(crypto.randomInt(10 ** 11, 10 ** 12 - 1));
    const [release] = await query<{ id: string }>(
      "insert into releases (title, artist, upc) values ('Glass Harbour', 'Mara Quill', $1) returning id",
      [upc],
    );
    await query("insert into tracks (release_id, title, isrc, position) values ($1, 'Low Tide', $2, 0)", [
      release.id,
      `ZZE2E26${String(crypto.randomInt(100000)).padStart(5, "0")}`,
    ]);

    const admin = await (await browser.newContext()).newPage();
    await signInThroughPage(admin, server.baseUrl, ADMIN);
    await admin.goto(`${server.baseUrl}/admin/store`);
    await admin.getByRole("button", { name: "Glass Harbour — Mara Quill" }).click();
    await admin.getByText("No master yet").waitFor();
    await admin
      .getByLabel("Master (WAV or FLAC, up to 500 MB)")
      .setInputFiles({ name: "low-tide.wav", mimeType: "audio/wav", buffer: makeWav() });
    await admin.getByText("Ready", { exact: true }).waitFor({ timeout: 60_000 });
    await admin.getByLabel("Minimum (0 allows free downloads)").fill("0");
    await admin.getByLabel("Suggested price").fill("6.00");
    await admin.getByLabel("Published in the store").check();
    await admin.getByRole("button", { name: "Save sale" }).click();
    await admin.getByRole("status").filter({ hasText: "Saved" }).waitFor();

    // The members' store lists it instead of the samples.
    await admin.goto(`${server.baseUrl}/store`);
    await admin.getByRole("link", { name: "Glass Harbour", exact: true }).waitFor();
    expect(await admin.getByText("Midnight Frequencies").count()).toBe(0);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${server.baseUrl}/store/${release.id}`);
    await visitor.getByRole("heading", { name: "Glass Harbour" }).waitFor();
    expect(await visitor.getByLabel("Name your price (USD)").inputValue()).toBe("6.00");
    await visitor.getByLabel("Name your price (USD)").fill("0");
    await visitor.getByLabel("E-mail for the download link").fill("fan@e2e.test");
    await visitor.getByRole("button", { name: "Get the download" }).click();
    await visitor.getByText("Your download link is on its way to fan@e2e.test.").waitFor();

    const [purchase] = await query<{ token: string }>("select token from store_purchases where email = 'fan@e2e.test'");
    await visitor.goto(`${server.baseUrl}/downloads/${purchase.token}`);
    await visitor.getByRole("heading", { name: "Download Glass Harbour" }).waitFor();
    const [download] = await Promise.all([
      visitor.waitForEvent("download"),
      visitor.getByRole("link", { name: "FLAC" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Mara Quill - Glass Harbour.zip");
    const saved = await download.path();
    const zip = fs.readFileSync(saved!);
    expect(zip.includes(Buffer.from("Mara Quill - Glass Harbour/01 Low Tide.flac"))).toBe(true);
    expect(zip.includes(Buffer.from("fLaC"))).toBe(true);

    // A code made by the admin is redeemed by the same fan, signed out.
    await admin.goto(`${server.baseUrl}/admin/store`);
    await admin.getByRole("button", { name: "Glass Harbour — Mara Quill" }).click();
    await admin.getByLabel("How many (1–1000)").fill("2");
    await admin.getByLabel("Batch").fill("Tour cards");
    await admin.getByRole("button", { name: "Make codes" }).click();
    await admin.getByText("2 codes made in “Tour cards”").waitFor();
    const [code] = await query<{ code: string }>("select code from store_codes where batch = 'Tour cards' limit 1");
    await visitor.goto(`${server.baseUrl}/redeem`);
    await visitor.getByLabel("Code").fill(code.code.toLowerCase());
    await visitor.getByLabel("E-mail for the download link").fill("fan@e2e.test");
    await visitor.getByRole("button", { name: "Redeem" }).click();
    await visitor.getByText("Your download link is on its way to fan@e2e.test.").waitFor();

    // Signed in with that address, the fan's library lists both.
    const fan = await (await browser.newContext()).newPage();
    await signInThroughPage(fan, server.baseUrl, "fan@e2e.test");
    await fan.goto(`${server.baseUrl}/library`);
    const music = fan.getByRole("list", { name: "Your music" });
    await music.waitFor();
    expect(await music.getByRole("listitem").count()).toBe(2);
    expect(await music.getByRole("link", { name: "Download Glass Harbour as FLAC" }).count()).toBe(2);
  });
});
