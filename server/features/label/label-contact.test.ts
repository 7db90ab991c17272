import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LABEL_CONTACT } from "@shared/constants";
import { users } from "@shared/users.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { uploadPng } from "../objects/uploads.test-support";

const ADMIN = "contact-admin@label.test";
const OTHER_ADMIN = "second-admin@label.test";
const MEMBER = "contact-member@label.test";

// Two instances on one database, each keeping its copy until PostgreSQL announces a change.
let a: TestApp;
let b: TestApp;
let admin: Agent;
let member: Agent;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "label-contact-"));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_EMAILS: `${ADMIN},${OTHER_ADMIN}`,
    READ_CACHE_TTL_MS: "60000",
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
  };
  a = await startTestApp({ env });
  b = await startTestApp({ env, database: a.database });
  admin = await a.signIn(ADMIN);
  member = await a.signIn(MEMBER);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const contactOn = async (app: TestApp) => (await app.agent().get("/api/label/contact").expect(200)).body;

/** Polls `app` until it answers `expected`, failing after `ms`. */
async function shownWithin(ms: number, app: TestApp, expected: unknown) {
  const deadline = Date.now() + ms;
  for (;;) {
    const body = await contactOn(app);
    if (JSON.stringify(body) === JSON.stringify(expected)) return;
    if (Date.now() > deadline) expect(body).toEqual(expected);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function saveLabel(agent: Agent, contact: Record<string, unknown>, status = 200) {
  const logo = await uploadPng(a, agent);
  return agent
    .put("/api/user/label")
    .send({ labelName: "Night Shift Records", labelLogoUrl: logo, ...contact })
    .expect(status);
}

async function stored(email: string) {
  const [row] = await a.db
    .select({ phone: users.labelContactPhone, email: users.labelContactEmail })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

describe("the label's public contact details", () => {
  it("are the default pair, for anyone, until an administrator sets the label's own", async () => {
    const res = await a.agent().get("/api/label/contact").expect(200);
    expect(res.body).toEqual(DEFAULT_LABEL_CONTACT);
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=0/);
    expect(res.headers.etag).toBeTruthy();
  });

  it("a member's own contact details stay theirs: visitors still read the default pair", async () => {
    await saveLabel(member, { labelContactPhone: "+1 212 555 0199", labelContactEmail: "me@member.test" });
    expect(await stored(MEMBER)).toEqual({ phone: "+1 212 555 0199", email: "me@member.test" });
    expect(await contactOn(a)).toEqual(DEFAULT_LABEL_CONTACT);
  });

  it("an administrator's save reaches every instance at once, and a label with only an e-mail shows only that", async () => {
    expect(await contactOn(b)).toEqual(DEFAULT_LABEL_CONTACT);
    const res = await saveLabel(admin, { labelContactPhone: "  (312) 555-0142 ", labelContactEmail: "" });
    expect(res.body).toMatchObject({ labelContactPhone: "(312) 555-0142", labelContactEmail: null });
    await shownWithin(250, b, { phone: "(312) 555-0142", email: null });
    await saveLabel(admin, { labelContactPhone: "", labelContactEmail: "Bookings@NightShift.test" });
    await shownWithin(250, b, { phone: null, email: "Bookings@NightShift.test" });
  });

  it("saving the label without the contact fields keeps them", async () => {
    await saveLabel(admin, {});
    expect(await stored(ADMIN)).toEqual({ phone: null, email: "Bookings@NightShift.test" });
    const me = await admin.get("/api/auth/user").expect(200);
    expect(me.body).toMatchObject({ labelContactPhone: null, labelContactEmail: "Bookings@NightShift.test" });
  });

  it("refuses a phone or e-mail that is not one, changing nothing", async () => {
    const phone = await saveLabel(admin, { labelContactPhone: "call us" }, 400);
    expect(phone.body.fieldErrors.labelContactPhone).toEqual(["Enter a phone number: digits, spaces, +, ( ), . and -"]);
    const email = await saveLabel(admin, { labelContactEmail: "not-an-address" }, 400);
    expect(email.body.fieldErrors.labelContactEmail).toEqual(["Invalid email address"]);
    await saveLabel(admin, { labelContactPhone: "5".repeat(41) }, 400);
    expect(await stored(ADMIN)).toEqual({ phone: null, email: "Bookings@NightShift.test" });
  });

  it("keeps the postal and return addresses as typed, trimmed, and clears one left blank", async () => {
    const saved = await saveLabel(admin, {
      labelPostalAddress: "  12 Sender Street\nLeeds LS1 4AP  ",
      labelReturnAddress: "Returns Dock 3",
    });
    expect(saved.body).toMatchObject({
      labelPostalAddress: "12 Sender Street\nLeeds LS1 4AP",
      labelReturnAddress: "Returns Dock 3",
    });
    const cleared = await saveLabel(admin, { labelReturnAddress: "" });
    expect(cleared.body).toMatchObject({
      labelPostalAddress: "12 Sender Street\nLeeds LS1 4AP",
      labelReturnAddress: null,
    });
    const tooLong = await saveLabel(admin, { labelPostalAddress: "x".repeat(401) }, 400);
    expect(Object.keys(tooLong.body.fieldErrors)).toEqual(["labelPostalAddress"]);
  });

  it("reads the administrators' rows through their own index, never every member's", async () => {
    const client = await a.database.pool.connect();
    try {
      await client.query("begin");
      await client.query("set local enable_seqscan = off");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `explain select label_contact_phone, label_contact_email from users
         where role = 'admin' and (label_contact_phone is not null or label_contact_email is not null)
         order by updated_at desc limit 1`,
      );
      expect(rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain("users_admins_idx");
      await client.query("rollback");
    } finally {
      client.release();
    }
  });

  it("shows the most recently saved administrator's details, also after a change typed in SQL", async () => {
    const second = await a.signIn(OTHER_ADMIN);
    await saveLabel(second, { labelContactPhone: "020 7946 0018", labelContactEmail: "hi@second.test" });
    await shownWithin(250, b, { phone: "020 7946 0018", email: "hi@second.test" });
    const client = new pg.Client({ connectionString: a.database.url });
    await client.connect();
    try {
      await client.query("update users set label_contact_phone = null, label_contact_email = null where email = $1", [
        OTHER_ADMIN,
      ]);
    } finally {
      await client.end();
    }
    await shownWithin(250, a, { phone: null, email: "Bookings@NightShift.test" });
    await shownWithin(250, b, { phone: null, email: "Bookings@NightShift.test" });
  });
});
