import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@shared/users.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { issueUpload, uploadPng } from "../objects/uploads.test-support";

let app: TestApp;
let artist: Agent;
let other: Agent;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "label-test-"));
  app = await startTestApp({ env: { DATA_DIR: dataDir } });
  artist = await app.signIn("artist@x.test", "Ari Artist");
  other = await app.signIn("other@x.test", "Otto Other");
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function storedLabel(email: string) {
  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  return { labelName: user.labelName, labelLogoUrl: user.labelLogoUrl };
}

describe("PUT /api/user/label", () => {
  it("refuses signed-out visitors", async () => {
    await app.agent().put("/api/user/label").send({ labelName: "X", labelLogoUrl: "/objects/uploads/x" }).expect(401);
  });

  it("saves a trimmed name with a logo this user uploaded, and returns the user", async () => {
    const logo = await uploadPng(app, artist);
    const res = await artist
      .put("/api/user/label")
      .send({ labelName: "  Midnight Records  ", labelLogoUrl: logo })
      .expect(200);
    expect(res.body).toMatchObject({ email: "artist@x.test", labelName: "Midnight Records", labelLogoUrl: logo });
    expect(await storedLabel("artist@x.test")).toEqual({ labelName: "Midnight Records", labelLogoUrl: logo });
    const me = await artist.get("/api/auth/user").expect(200);
    expect(me.body).toMatchObject({ labelName: "Midnight Records", labelLogoUrl: logo });
  });

  it("lets the user rename the label while keeping the current logo", async () => {
    const { labelLogoUrl } = await storedLabel("artist@x.test");
    const res = await artist.put("/api/user/label").send({ labelName: "Midnight Sound", labelLogoUrl }).expect(200);
    expect(res.body.labelName).toBe("Midnight Sound");
  });

  it("refuses an empty or blank name, and a name over 100 characters", async () => {
    const logo = await uploadPng(app, artist);
    const blank = await artist.put("/api/user/label").send({ labelName: "   ", labelLogoUrl: logo }).expect(400);
    expect(blank.body.fieldErrors.labelName).toEqual(["Please enter a label name"]);
    await artist.put("/api/user/label").send({ labelLogoUrl: logo }).expect(400);
    await artist
      .put("/api/user/label")
      .send({ labelName: "x".repeat(101), labelLogoUrl: logo })
      .expect(400);
    expect((await storedLabel("artist@x.test")).labelName).toBe("Midnight Sound");
  });

  it("refuses a logo uploaded by someone else", async () => {
    const theirs = await uploadPng(app, other);
    const res = await artist.put("/api/user/label").send({ labelName: "Stolen", labelLogoUrl: theirs }).expect(400);
    expect(res.body.message).toBe("That logo does not belong to you");
    expect(res.body.fieldErrors.labelLogoUrl).toEqual(["That logo does not belong to you"]);
  });

  it("refuses a path that was never issued, and a path outside uploads", async () => {
    const unknown = `/objects/uploads/${crypto.randomUUID()}`;
    const res = await artist.put("/api/user/label").send({ labelName: "Ghost", labelLogoUrl: unknown }).expect(400);
    expect(res.body.message).toBe("That logo does not belong to you");
    await artist.put("/api/user/label").send({ labelName: "Ghost", labelLogoUrl: "/objects/other/thing" }).expect(400);
    await artist
      .put("/api/user/label")
      .send({ labelName: "Ghost", labelLogoUrl: "https://evil.test/logo.png" })
      .expect(400);
    await artist
      .put("/api/user/label")
      .send({ labelName: "Ghost", labelLogoUrl: "/objects/uploads/../../secrets.json" })
      .expect(400);
  });

  it("refuses a logo path that was issued but never uploaded", async () => {
    const { objectPath } = await issueUpload(artist);
    const res = await artist.put("/api/user/label").send({ labelName: "Early", labelLogoUrl: objectPath }).expect(400);
    expect(res.body.message).toBe("Upload the logo before saving");
    expect((await storedLabel("artist@x.test")).labelName).toBe("Midnight Sound");
  });
});
