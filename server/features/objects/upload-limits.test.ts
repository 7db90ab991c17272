import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { merchandise } from "@shared/merchandise.table";
import { objectUploads } from "@shared/object-uploads.table";
import { storeListings } from "@shared/store.table";
import { users } from "@shared/users.table";
import { createLogger } from "../../lib/logger";
import { generateLocalSecrets } from "../../lib/secrets";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { insertRelease } from "../royalties/catalogue/royalty-catalogue.test-support";
import { objectsService } from "./objects";
import { issueUpload, pngBytes, relativeUrl, uploadPng } from "./uploads.test-support";

const SESSION_SECRET = "upload-limits-test-session-secret-0123456789";
const DAY_AND_AN_HOUR_AGO = () => new Date(Date.now() - 25 * 60 * 60 * 1000);

let dataDir: string;
let app: TestApp;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-limits-"));
  app = await startTestApp({
    env: { SESSION_SECRET, DATA_DIR: dataDir, UPLOAD_RATE_LIMIT: "6", UPLOAD_QUOTA_MB: "10" },
  });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function uploadRows(paths: string[]) {
  return app.db.select().from(objectUploads).where(inArray(objectUploads.objectPath, paths));
}

function backdate(paths: string[], to: Date) {
  return app.db.update(objectUploads).set({ createdAt: to }).where(inArray(objectUploads.objectPath, paths));
}

function fileOf(objectPath: string) {
  return path.join(dataDir, "objects", objectPath.replace(/^\/objects\//, ""));
}

/** The same service the hourly clean-up runs, on this test's database and storage. */
function cleanupService() {
  return objectsService({
    config: app.config,
    db: app.db,
    pool: app.database.pool,
    logger: createLogger("silent"),
    secrets: generateLocalSecrets(),
  });
}

describe("upload addresses per member", () => {
  it("are rate limited per member (429 with a clear message), not per address", async () => {
    const eager = await app.signIn("eager@uploads.test");
    const calm = await app.signIn("calm@uploads.test");
    // Small uploads, so the quota is not what stops them.
    for (let i = 0; i < 6; i++) await uploadPng(app, eager, 1024);
    const limited = await eager.post("/api/objects/upload").expect(429);
    expect(limited.body).toEqual({ message: "Too many uploads. Please wait a few minutes and try again." });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    await issueUpload(calm);
  });

  it("stop at the member's quota: stored sizes plus 5 MB for each address still open", async () => {
    const member = await app.signIn("quota@uploads.test");
    const first = await issueUpload(member);
    const second = await issueUpload(member);
    // 10 MB: two open addresses (5 MB each) fill it.
    const full = await member.post("/api/objects/upload").expect(429);
    expect(full.body.message).toBe(
      "Upload limit reached: your uploads may take 10MB. Uploads you do not use are removed after a day.",
    );
    // Stored uploads count at their real size...
    for (const { uploadURL } of [first, second]) {
      await app
        .agent()
        .put(relativeUrl(app, uploadURL))
        .set("Content-Type", "image/png")
        .send(pngBytes(2048))
        .expect(200);
    }
    const third = await issueUpload(member);
    await member.post("/api/objects/upload").expect(429);
    // ...and an address that expired unused counts for nothing.
    await backdate([third.objectPath], new Date(Date.now() - 16 * 60 * 1000));
    await issueUpload(member);
    // Someone else has a quota of their own.
    await issueUpload(await app.signIn("other@uploads.test"));
  });
});

describe("clean-up of unclaimed uploads", () => {
  it("removes uploads nothing refers to after a day, at the start of an instance, and keeps logos, linked and recent ones", async () => {
    const member = await app.signIn("cleanup@uploads.test");
    const admin = await app.signIn("cleanup-admin@uploads.test");
    const abandoned = await uploadPng(app, member);
    const logo = await uploadPng(app, member);
    const linked = await uploadPng(app, admin);
    const recent = await uploadPng(app, member);
    const neverUploaded = (await issueUpload(member)).objectPath;
    await member.put("/api/user/label").send({ labelName: "Keepers", labelLogoUrl: logo }).expect(200);
    await app.db.insert(merchandise).values({ name: "Linked", price: "5.00", imageUrl: `${app.baseUrl}${linked}` });
    await backdate([abandoned, logo, linked, neverUploaded], DAY_AND_AN_HOUR_AGO());
    expect(fs.existsSync(fileOf(abandoned))).toBe(true);

    // A second instance on the same database and storage cleans up as it starts.
    const second = await startTestApp({
      env: { SESSION_SECRET, DATA_DIR: dataDir },
      database: app.database,
      workers: true,
    });
    try {
      const deadline = Date.now() + 10_000;
      while ((await uploadRows([abandoned, neverUploaded])).length > 0) {
        if (Date.now() > deadline) throw new Error("the clean-up did not run at start");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await second.close();
    }
    await app.agent().get(abandoned).expect(404);
    expect(fs.existsSync(fileOf(abandoned))).toBe(false);
    expect(fs.existsSync(`${fileOf(abandoned)}.meta.json`)).toBe(false);
    for (const kept of [logo, linked, recent]) await app.agent().get(kept).expect(200);
    expect((await uploadRows([logo, linked, recent])).map((r) => r.objectPath).sort()).toEqual(
      [logo, linked, recent].sort(),
    );
  });

  it("keeps a store release's cover, and removes it once the sale no longer shows it", async () => {
    const admin = await app.signIn("covers@uploads.test");
    const cover = await uploadPng(app, admin);
    const { release } = await insertRelease(app);
    await app.db
      .insert(storeListings)
      .values({ releaseId: release.id, price: "7.00", formats: ["flac"], coverUrl: cover });
    await backdate([cover], DAY_AND_AN_HOUR_AGO());
    await cleanupService().removeUnclaimedUploads();
    await app.agent().get(cover).expect(200);
    await app.db.update(storeListings).set({ coverUrl: null }).where(eq(storeListings.releaseId, release.id));
    await cleanupService().removeUnclaimedUploads();
    await app.agent().get(cover).expect(404);
  });

  it("never fights with another instance: two clean-ups at once remove each upload once, across batches", async () => {
    const [owner] = await app.db.select({ id: users.id }).from(users).limit(1);
    const paths = Array.from(
      { length: 230 },
      (_, i) => `/objects/uploads/00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    await app.db
      .insert(objectUploads)
      .values(paths.map((objectPath) => ({ userId: owner.id, objectPath, createdAt: DAY_AND_AN_HOUR_AGO() })));
    const [one, two] = await Promise.all([
      cleanupService().removeUnclaimedUploads(),
      cleanupService().removeUnclaimedUploads(),
    ]);
    expect(one + two).toBe(230);
    expect(await uploadRows(paths)).toHaveLength(0);
  });

  it("passes over an upload whose label save is in progress, and leaves it once the save refers to it", async () => {
    const member: Agent = await app.signIn("racing@uploads.test");
    const logo = await uploadPng(app, member);
    await backdate([logo], DAY_AND_AN_HOUR_AGO());
    // A label save holding the upload's record, as claimUpload does.
    const saving = new pg.Client({ connectionString: app.database.url });
    await saving.connect();
    try {
      await saving.query("begin");
      await saving.query("select user_id from object_uploads where object_path = $1 for share", [logo]);
      await cleanupService().removeUnclaimedUploads();
      expect(await uploadRows([logo])).toHaveLength(1);
      await saving.query("update users set label_logo_url = $1 where email = 'racing@uploads.test'", [logo]);
      await saving.query("commit");
    } finally {
      await saving.end();
    }
    await cleanupService().removeUnclaimedUploads();
    expect(await uploadRows([logo])).toHaveLength(1);
    await app.agent().get(logo).expect(200);
    const [row] = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.labelLogoUrl, logo));
    expect(row.count).toBe(1);
  });
});
