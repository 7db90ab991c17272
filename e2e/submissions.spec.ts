import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { contextForThisTest, launchBrowser, signInThroughPage } from "./support/browser";
import { startBuiltServer, type BuiltServer } from "./support/server";

const ADMIN = "ar-admin@label.test";
const ARTIST = "artist@label.test";

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

async function signedIn(email: string): Promise<Page> {
  const context = await contextForThisTest(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInThroughPage(page, server.baseUrl, email);
  return page;
}

/** An MP3 by its first bytes (an ID3 tag), the rest random so it is a new track. */
function mp3(): Buffer {
  const bytes = crypto.randomBytes(64 * 1024);
  bytes.write("ID3", 0, "latin1");
  return bytes;
}

describe("Music Submissions", () => {
  it("a member submits a track; an admin listens and rejects it with feedback; the member reads it", async () => {
    const artist = await signedIn(ARTIST);
    await artist.goto(`${server.baseUrl}/submissions`);
    await artist
      .getByLabel("Audio File")
      .setInputFiles({ name: "after-hours.mp3", mimeType: "audio/mpeg", buffer: mp3() });
    await artist.getByLabel("Artist Name").fill("Nova Reign");
    await artist.getByLabel("Track Title").fill("After Hours");
    await artist.getByLabel("Genre").fill("R&B / Soul");
    await artist.getByLabel("BPM").fill("92");
    await artist.getByRole("button", { name: "Submit Track for Review" }).click();
    // The page moves to Submission Status with the new submission, pending.
    await artist.getByRole("heading", { name: "After Hours" }).waitFor();
    expect(await artist.getByText("Pending", { exact: true }).count()).toBeGreaterThan(0);

    const admin = await signedIn(ADMIN);
    await admin.goto(`${server.baseUrl}/admin/submissions`);
    const review = admin.getByRole("article", { name: "Review of After Hours" });
    await review.waitFor();
    const src = await review.locator("audio").getAttribute("src");
    expect(src).toMatch(/\/api\/submissions\/[0-9a-f-]+\/audio\?expires=\d+&signature=/);
    // The player's range request, as it seeks.
    const status = await admin.evaluate(
      async (url) => (await fetch(url!, { headers: { Range: "bytes=0-1023" } })).status,
      src,
    );
    expect(status).toBe(206);
    await review.getByLabel("Feedback to the artist").fill("Great vocals; the mix is not ready yet.");
    await review.getByRole("button", { name: "Reject" }).click();
    await review.getByText("Rejected", { exact: true }).waitFor();

    await artist.reload();
    await artist.getByRole("tab", { name: "Submission Status" }).click();
    await artist.getByRole("button", { name: "View details of After Hours" }).click();
    const dialog = artist.getByRole("dialog");
    await dialog.getByText("Great vocals; the mix is not ready yet.").waitFor();
    expect(await dialog.locator("audio").count()).toBe(1);
  });
});
