import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { storeListings, storePurchases } from "@shared/store.table";
import { royaltyLines } from "@shared/royalties.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { insertCodes, insertReleaseOnSale } from "./store.test-support";

const ADMIN = "admin@store-codes.test";
let app: TestApp;
let admin: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await app.signIn(ADMIN, "Ada Admin");
});
afterAll(() => app?.close());

const fan = () => `${crypto.randomUUID()}@fan.test`;
const redeem = (code: string, email = fan()) => app.agent().post("/api/store/redeem").send({ code, email });

describe("POST /api/releases/{id}/codes", () => {
  it("makes unguessable 10-character codes without look-alike letters", async () => {
    const { release } = await insertReleaseOnSale(app);
    const res = await admin
      .post(`/api/releases/${release.id}/codes`)
      .send({ count: 1000, batch: "Tour cards" })
      .expect(201);
    expect(res.body.batch).toBe("Tour cards");
    expect(res.body.codes).toHaveLength(1000);
    expect(new Set(res.body.codes).size).toBe(1000);
    for (const code of res.body.codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{10}$/);
  });

  it("refuses a count outside 1–1000, and a member", async () => {
    const { release } = await insertReleaseOnSale(app);
    for (const count of [0, 1001, 2.5]) {
      const res = await admin.post(`/api/releases/${release.id}/codes`).send({ count, batch: "B" }).expect(400);
      expect(res.body.fieldErrors.count).toEqual(["Enter how many codes, 1 to 1000"]);
    }
    const member = await app.signIn("member@store-codes.test");
    await member.post(`/api/releases/${release.id}/codes`).send({ count: 1, batch: "B" }).expect(403);
  });
});

describe("POST /api/store/redeem", () => {
  it("e-mails the release's download link once; the same code again: 409", async () => {
    const { release } = await insertReleaseOnSale(app);
    const [code] = await insertCodes(app, release.id, 1);
    const email = fan();
    // Typed as people type: lower case, with a dash and spaces.
    const typed = ` ${code.slice(0, 5).toLowerCase()}-${code.slice(5)} `;
    const res = await redeem(typed, email.toUpperCase()).expect(200);
    expect(res.body.message).toBe(`Your download link is on its way to ${email}.`);
    const [purchase] = await app.db.select().from(storePurchases).where(eq(storePurchases.email, email));
    expect(purchase).toMatchObject({ status: "redeemed", amount: "0.00", releaseId: release.id });
    const [mail] = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(JSON.stringify(mail.params)).toContain(`/downloads/${purchase.token}`);
    await app.agent().get(`/api/downloads/${purchase.token}`).expect(200);

    const lines = await app.db.select().from(royaltyLines).where(eq(royaltyLines.releaseId, release.id));
    expect(lines.map((l) => [l.source, l.amount, l.upc])).toEqual([["store", "0.000000", release.upc]]);

    const again = await redeem(code).expect(409);
    expect(again.body.message).toBe("This code was already used");
  });

  it("lists codes with who redeemed them and when, as CSV", async () => {
    const { release } = await insertReleaseOnSale(app);
    const [used, unused] = await insertCodes(app, release.id, 2);
    const email = fan();
    await redeem(used, email).expect(200);
    const res = await admin.get(`/api/releases/${release.id}/codes.csv`).expect(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("code,batch,redeemed by,redeemed at,redeem URL");
    const byCode = Object.fromEntries(lines.slice(1).map((line) => [line.split(",")[0], line.split(",")]));
    expect(byCode[used][2]).toBe(email);
    expect(byCode[used][3]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(byCode[unused].slice(2)).toEqual(["", "", `${app.baseUrl}/redeem`]);
    await app.agent().get(`/api/releases/${release.id}/codes.csv`).expect(401);
  });

  it("answers 404 for a code of a release taken off sale", async () => {
    const { release } = await insertReleaseOnSale(app);
    const [code] = await insertCodes(app, release.id, 1);
    await app.db.update(storeListings).set({ published: false }).where(eq(storeListings.releaseId, release.id));
    const res = await redeem(code).expect(404);
    expect(res.body.message).toBe("This code is not valid");
  });

  it("lists what a member redeemed and downloaded with their e-mail, before they signed up too", async () => {
    const { release } = await insertReleaseOnSale(app);
    const other = await insertReleaseOnSale(app, { formats: ["mp3-320", "flac"] });
    const [code] = await insertCodes(app, release.id, 1);
    const email = fan();
    await redeem(code, email).expect(200);
    await app
      .agent()
      .post(`/api/store/releases/${other.release.id}/purchase`)
      .send({ email: email.toUpperCase(), amount: "0" })
      .expect(201);
    await redeem((await insertCodes(app, release.id, 1))[0], fan()).expect(200);
    const member = await app.signIn(email, "Fran Fan");
    const res = await member.get("/api/store/library").expect(200);
    expect(res.body.map((item: { releaseId: string; status: string }) => [item.releaseId, item.status])).toEqual([
      [release.id, "redeemed"],
      [other.release.id, "free"],
    ]);
    expect(res.body[1].formats).toEqual(["mp3-320", "flac"]);
    expect(res.body[0].downloadPath).toMatch(/^\/downloads\/[\w-]{32}$/);
    await app.agent().get("/api/store/library").expect(401);
  });

  // Last: it locks this file's one address out of redeeming for the hour.
  it("refuses an address after ten wrong codes in an hour, even a right one", async () => {
    const { release } = await insertReleaseOnSale(app);
    const [code] = await insertCodes(app, release.id, 1);
    // One wrong code was tried above (the release taken off sale): eight more make nine.
    for (let i = 0; i < 8; i++) await redeem("ZZZZZZZZZZ").expect(404);
    await redeem("ZZZZZZZZZZ").expect(404);
    const locked = await redeem(code).expect(429);
    expect(locked.body.message).toMatch(/^Too many wrong codes. Try again in /);
  });
});
