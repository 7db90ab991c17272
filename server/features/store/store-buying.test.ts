import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { storePurchases } from "@shared/store.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { insertRelease } from "../royalties/catalogue/royalty-catalogue.test-support";
import { readZip, releaseOnSale } from "./store.test-support";

const ADMIN = "admin@store-buying.test";
let app: TestApp;
let admin: Agent;
let onSale: Awaited<ReturnType<typeof releaseOnSale>>;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN }, workers: true });
  admin = await app.signIn(ADMIN, "Ada Admin");
  onSale = await releaseOnSale(app, admin);
});
afterAll(() => app?.close());

const freshEmail = () => `${crypto.randomUUID()}@fan.test`;

async function linksTo(email: string): Promise<string[]> {
  const rows = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
  return rows.flatMap((row) => (row.params as { items: { link: string }[] }).items.map((item) => item.link));
}

/** A free download's token, as its e-mail carries it. */
async function freeToken(email = freshEmail()) {
  await app.agent().post(`/api/store/releases/${onSale.release.id}/purchase`).send({ email, amount: "0" }).expect(201);
  const [row] = await app.db.select().from(storePurchases).where(eq(storePurchases.email, email));
  return row.token;
}

describe("GET /api/store/releases", () => {
  it("lists published releases with price rules and previews, never a full-length file", async () => {
    const res = await app.agent().get("/api/store/releases").expect(200);
    const item = res.body.find((r: { id: string }) => r.id === onSale.release.id);
    expect(item).toMatchObject({
      title: "Night Drive",
      artist: "Nova Reign",
      genre: "Synthwave",
      price: "7.00",
      payWhatYouWant: true,
      minimumPrice: "0.00",
      suggestedPrice: "7.00",
      formats: ["mp3-320", "flac"],
    });
    expect(item.tracks).toHaveLength(2);
    expect(item.tracks[0]).toMatchObject({ title: "Track 1", durationSeconds: 2 });
    expect(item.tracks[0].previewUrl).toBe(`/api/store/tracks/${onSale.tracks[0].id}/preview.mp3`);
    expect(JSON.stringify(res.body)).not.toMatch(/objects\/uploads|uploads\//);
  });

  it("leaves out unpublished releases and finds by title, artist or genre", async () => {
    const { release } = await insertRelease(app, { title: "Hidden Demo" });
    await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ published: false, price: "1", formats: ["flac"] })
      .expect(200);
    const all = await app.agent().get("/api/store/releases").expect(200);
    expect(all.body.map((r: { id: string }) => r.id)).not.toContain(release.id);
    await app.agent().get(`/api/store/releases/${release.id}`).expect(404);
    for (const q of ["night", "NOVA", "synthwave", "nova drive"]) {
      const found = await app.agent().get("/api/store/releases").query({ q }).expect(200);
      expect(found.body.map((r: { id: string }) => r.id)).toContain(onSale.release.id);
    }
    const none = await app.agent().get("/api/store/releases").query({ q: "polka" }).expect(200);
    expect(none.body.map((r: { id: string }) => r.id)).not.toContain(onSale.release.id);
  });

  it("serves a 30-second preview as MP3", async () => {
    const res = await app.agent().get(`/api/store/tracks/${onSale.tracks[0].id}/preview.mp3`).expect(200);
    expect(res.headers["content-type"]).toBe("audio/mpeg");
    expect(Number(res.headers["content-length"])).toBeGreaterThan(1000);
  });
});

describe("POST /api/store/releases/{id}/purchase", () => {
  it('refuses an amount below the minimum: "The minimum for this release is $X"', async () => {
    const { release } = await releaseOnSale(app, admin, { minimumPrice: "5.00", suggestedPrice: "8.00" }, 1);
    const res = await app
      .agent()
      .post(`/api/store/releases/${release.id}/purchase`)
      .send({ email: freshEmail(), amount: "4.99" })
      .expect(400);
    expect(res.body.message).toBe("The minimum for this release is $5.00");
    expect(res.body.fieldErrors.amount).toEqual(["The minimum for this release is $5.00"]);
  });

  it("makes zero a free download with no card, its link e-mailed", async () => {
    const email = freshEmail();
    const res = await app
      .agent()
      .post(`/api/store/releases/${onSale.release.id}/purchase`)
      .send({ email: email.toUpperCase(), amount: "0.00" })
      .expect(201);
    expect(res.body.status).toBe("free");
    const links = await linksTo(email);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${app.baseUrl}/downloads/[A-Za-z0-9_-]{32}$`));
  });

  it("allows at most 5 free downloads per e-mail per hour", async () => {
    const email = freshEmail();
    const buy = () =>
      app.agent().post(`/api/store/releases/${onSale.release.id}/purchase`).send({ email, amount: "0" });
    for (let i = 0; i < 5; i++) expect((await buy()).status).toBe(201);
    const sixth = await buy();
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toMatch(/^At most 5 free downloads per e-mail address in an hour/);
    expect(await linksTo(email)).toHaveLength(5);
  });

  it("prices on the server: a fixed-price release is not free whatever the buyer says", async () => {
    const { release } = await releaseOnSale(app, admin, { payWhatYouWant: false, price: "3.00" }, 1);
    const res = await app
      .agent()
      .post(`/api/store/releases/${release.id}/purchase`)
      .send({ email: freshEmail(), amount: "0" });
    // No card payments on this app: a price to pay is refused, never given away.
    expect(res.status).toBe(503);
  });

  it("answers 404 for a release not on sale", async () => {
    await app
      .agent()
      .post(`/api/store/releases/${crypto.randomUUID()}/purchase`)
      .send({ email: freshEmail(), amount: "0" })
      .expect(404);
  });
});

describe("downloads", () => {
  it("zips every track in the chosen format, streamed", async () => {
    const token = await freeToken();
    const page = await app.agent().get(`/api/downloads/${token}`).expect(200);
    expect(page.body).toMatchObject({ title: "Night Drive", formats: ["mp3-320", "flac"] });
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
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="Nova Reign - Night Drive.zip"');
    const files = readZip(res.body as Buffer);
    expect(files.map((f) => f.name)).toEqual([
      "Nova Reign - Night Drive/01 Track 1.flac",
      "Nova Reign - Night Drive/02 Track 2.flac",
    ]);
    for (const file of files) expect(file.data.subarray(0, 4).toString("latin1")).toBe("fLaC");
    // Or one track's own file, named by its number on the release.
    const single = await app.agent().get(`/api/downloads/${token}/tracks/1/mp3-320`).expect(200);
    expect(single.headers["content-type"]).toBe("audio/mpeg");
    expect(single.headers["content-disposition"]).toMatch(/^attachment; filename="Nova Reign - 02 Track 2\.mp3"/);
    expect(Number(single.headers["content-length"])).toBeGreaterThan(0);
  });

  it("answers 404 for a wrong token, 400 for a format not offered, 410 once refunded", async () => {
    await app
      .agent()
      .get(`/api/downloads/${"x".repeat(32)}`)
      .expect(404);
    await app
      .agent()
      .get(`/api/downloads/${"x".repeat(32)}/flac.zip`)
      .expect(404);
    const token = await freeToken();
    const wav = await app.agent().get(`/api/downloads/${token}/wav.zip`).expect(400);
    expect(wav.body.fieldErrors.format).toEqual(["Choose one of mp3-320, flac"]);
    await app.agent().get(`/api/downloads/${token}/ogg.zip`).expect(400);
    await app.db.update(storePurchases).set({ status: "refunded" }).where(eq(storePurchases.token, token));
    const gone = await app.agent().get(`/api/downloads/${token}`).expect(410);
    expect(gone.body.message).toBe("This purchase was refunded");
    await app.agent().get(`/api/downloads/${token}/flac.zip`).expect(410);
    await app.agent().get(`/api/downloads/${token}/tracks/0/flac`).expect(410);
  });

  it("re-sends every link of an address, with the same answer for an address that bought nothing", async () => {
    const email = freshEmail();
    await freeToken(email);
    await freeToken(email);
    const known = await app.agent().post("/api/downloads/resend").send({ email }).expect(200);
    const unknown = await app.agent().post("/api/downloads/resend").send({ email: freshEmail() }).expect(200);
    expect(unknown.body).toEqual(known.body);
    const resent = await app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.template, "store-downloads")));
    const last = resent.find((row) => (row.params as { reason: string }).reason === "resend");
    expect((last!.params as { items: unknown[] }).items).toHaveLength(2);
  });
});
