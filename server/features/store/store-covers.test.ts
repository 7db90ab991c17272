import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadIdFromObjectPath } from "@shared/object-uploads";
import { outboxMessages } from "@shared/outbox.table";
import { storePurchases } from "@shared/store.table";
import { createObjectStorage, uploadKey } from "../../integrations/object-storage";
import { generateLocalSecrets } from "../../lib/secrets";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { insertRelease } from "../royalties/catalogue/royalty-catalogue.test-support";
import { jpegBytes, pngBytes } from "../objects/uploads.test-support";
import { insertReleaseOnSale, LISTING, readZip, releaseOnSale, uploadCover } from "./store.test-support";

const ADMIN = "admin@store-covers.test";
const FAN = "fan@store-covers.test";
let app: TestApp;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  // Room for this file's uploads, apart from the per-member limits tested with the objects.
  app = await startTestApp({
    env: { ADMIN_EMAILS: ADMIN, UPLOAD_RATE_LIMIT: "50", UPLOAD_QUOTA_MB: "100" },
    workers: true,
  });
  admin = await app.signIn(ADMIN, "Ada Admin");
  member = await app.signIn(FAN, "Fran Fan");
});
afterAll(() => app?.close());

const UNPUBLISHED = { ...LISTING, published: false };

/** Stores bytes under an issued upload's key as the browser would with cloud storage, unchecked. */
async function storeUnchecked(objectPath: string, bytes: Buffer, type: string) {
  const storage = createObjectStorage({ config: app.config, secrets: generateLocalSecrets() });
  await storage.put(uploadKey(uploadIdFromObjectPath(objectPath)!), bytes, type);
}

async function issueCover(agent: Agent, contentType = "image/png") {
  const res = await agent.post("/api/objects/upload").send({ purpose: "cover", contentType }).expect(200);
  return res.body.objectPath as string;
}

describe("a release's cover", () => {
  it("is saved with the sale, answered to the public and served as an image; left out it stays, null removes it", async () => {
    const { release } = await releaseOnSale(app, admin, {}, 1);
    const cover = await uploadCover(app, admin, await jpegBytes(64, 64));
    const saved = await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ ...LISTING, coverUrl: cover })
      .expect(200);
    expect(saved.body.listing.coverUrl).toBe(cover);
    expect((await admin.get(`/api/releases/${release.id}/store`).expect(200)).body.listing.coverUrl).toBe(cover);

    const list = await app.agent().get("/api/store/releases").expect(200);
    expect(list.body.find((r: { id: string }) => r.id === release.id).coverUrl).toBe(cover);
    const one = await app.agent().get(`/api/store/releases/${release.id}`).expect(200);
    expect(one.body.coverUrl).toBe(cover);
    const image = await app.agent().get(cover).expect(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");

    // Saving the price again without naming the cover keeps it.
    await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ ...LISTING, price: "8.00" })
      .expect(200);
    expect((await app.agent().get(`/api/store/releases/${release.id}`)).body.coverUrl).toBe(cover);

    // A replacement is a new upload; null removes the cover.
    const replacement = await uploadCover(app, admin, pngBytes(4096), "image/png");
    const replaced = await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ ...LISTING, coverUrl: replacement })
      .expect(200);
    expect(replaced.body.listing.coverUrl).toBe(replacement);
    await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ ...LISTING, coverUrl: null })
      .expect(200);
    expect((await app.agent().get(`/api/store/releases/${release.id}`)).body.coverUrl).toBeNull();
  });

  it("refuses what is not an image upload issued to this administrator, naming coverUrl and changing nothing", async () => {
    const { release } = await insertRelease(app);
    const cover = await uploadCover(app, admin, await jpegBytes());
    await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ ...UNPUBLISHED, coverUrl: cover })
      .expect(200);

    const notAnImage = await issueCover(admin);
    await storeUnchecked(notAnImage, Buffer.from("%PDF-1.7 not an image at all"), "image/png");
    const gif = await issueCover(admin);
    await storeUnchecked(gif, Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), "image/gif");
    const fromMember = await issueCover(member);
    await storeUnchecked(fromMember, pngBytes(2048), "image/png");
    const refusals: [unknown, string][] = [
      ["/etc/passwd", "Upload the cover image first"],
      ["https://elsewhere.test/cover.jpg", "Upload the cover image first"],
      [42, "Upload the cover image first"],
      [`/objects/uploads/${crypto.randomUUID()}`, "This cover was not uploaded here. Upload the image again"],
      [fromMember, "This cover was not uploaded here. Upload the image again"],
      [await issueCover(admin), "Upload the cover before saving"],
      [notAnImage, "A cover must be a JPEG, PNG or WebP image of at most 5MB"],
      [gif, "A cover must be a JPEG, PNG or WebP image of at most 5MB"],
    ];
    for (const [coverUrl, message] of refusals) {
      const res = await admin
        .put(`/api/releases/${release.id}/store`)
        .send({ ...UNPUBLISHED, price: "9.00", coverUrl })
        .expect(400);
      expect(res.body.fieldErrors, String(coverUrl)).toEqual({ coverUrl: [message] });
    }
    const kept = await admin.get(`/api/releases/${release.id}/store`).expect(200);
    expect(kept.body.listing).toMatchObject({ price: "7.00", coverUrl: cover });
  });

  it("is only a JPEG, PNG or WebP image: the upload address refuses a GIF or a file of another type", async () => {
    const gif = await admin
      .post("/api/objects/upload")
      .send({ purpose: "cover", contentType: "image/gif" })
      .expect(400);
    expect(gif.body.fieldErrors.contentType).toEqual(["A cover must be a JPEG, PNG or WebP image"]);
    const issued = await admin.post("/api/objects/upload").send({ purpose: "cover" }).expect(200);
    const url = new URL(issued.body.uploadURL as string);
    const put = (type: string, body: Buffer) =>
      app
        .agent()
        .put(url.pathname + url.search)
        .set("Content-Type", type)
        .send(body);
    const refused = await put("image/gif", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"));
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe("A cover must be a JPEG, PNG or WebP image");
    expect((await put("image/jpeg", pngBytes(2048))).status).toBe(415);
  });

  it("is answered with the download and the library, and its absolute address goes in the e-mail", async () => {
    const cover = `/objects/uploads/${crypto.randomUUID()}`;
    const { release } = await insertReleaseOnSale(app, { coverUrl: cover });
    const bare = await insertReleaseOnSale(app);
    for (const id of [release.id, bare.release.id])
      await app.agent().post(`/api/store/releases/${id}/purchase`).send({ email: FAN, amount: "0" }).expect(201);
    const bought = await app.db.select().from(storePurchases).where(eq(storePurchases.email, FAN));
    const tokenOf = (id: string) => bought.find((p) => p.releaseId === id)!.token;

    const download = await app
      .agent()
      .get(`/api/downloads/${tokenOf(release.id)}`)
      .expect(200);
    expect(download.body.coverUrl).toBe(cover);
    const without = await app
      .agent()
      .get(`/api/downloads/${tokenOf(bare.release.id)}`)
      .expect(200);
    expect(without.body.coverUrl).toBeNull();

    const library = (await member.get("/api/store/library").expect(200)).body as { releaseId: string }[];
    expect(library.find((item) => item.releaseId === release.id)).toMatchObject({ coverUrl: cover });
    expect(library.find((item) => item.releaseId === bare.release.id)).toMatchObject({ coverUrl: null });

    // The e-mail is read away from the site, so it carries the whole address.
    const mails = await app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, FAN), eq(outboxMessages.template, "store-downloads")));
    const items = mails.flatMap(
      (mail) => (mail.params as { items: { link: string; coverUrl: string | null }[] }).items,
    );
    const itemOf = (id: string) => items.find((item) => item.link.endsWith(`/downloads/${tokenOf(id)}`));
    expect(itemOf(release.id)?.coverUrl).toBe(`${app.config.appUrl}${cover}`);
    expect(itemOf(bare.release.id)?.coverUrl).toBeNull();
  });

  it("is in the download zip beside the tracks, named by its type", async () => {
    const { release } = await releaseOnSale(app, admin, {}, 1);
    const jpeg = await jpegBytes(32, 32);
    const cover = await uploadCover(app, admin, jpeg);
    await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ ...LISTING, coverUrl: cover })
      .expect(200);
    const email = `${crypto.randomUUID()}@fan.test`;
    await app.agent().post(`/api/store/releases/${release.id}/purchase`).send({ email, amount: "0" }).expect(201);
    const [{ token }] = await app.db.select().from(storePurchases).where(eq(storePurchases.email, email));
    const res = await app
      .agent()
      .get(`/api/downloads/${token}/flac.zip`)
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    // Read back from its central directory, entry by entry.
    const files = readZip(res.body as Buffer);
    expect(files.map((f) => f.name)).toEqual([
      "Nova Reign - Night Drive/cover.jpg",
      "Nova Reign - Night Drive/01 Track 1.flac",
    ]);
    expect(files[0].data.equals(jpeg)).toBe(true);
    expect(files[1].data.subarray(0, 4).toString("latin1")).toBe("fLaC");
  });
});
