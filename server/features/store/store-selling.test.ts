import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { insertRelease } from "../royalties/catalogue/royalty-catalogue.test-support";
import { LISTING, makeWav, uploadMaster, waitForAudio } from "./store.test-support";

const ADMIN = "admin@store.test";
let app: TestApp;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN }, workers: true });
  admin = await app.signIn(ADMIN, "Ada Admin");
  member = await app.signIn("fan@store.test", "Fran Fan");
});
afterAll(() => app?.close());

describe("PUT /api/releases/{id}/store", () => {
  it("refuses a visitor and a member", async () => {
    const { release } = await insertRelease(app);
    await app.agent().put(`/api/releases/${release.id}/store`).send(LISTING).expect(401);
    await member.put(`/api/releases/${release.id}/store`).send(LISTING).expect(403);
  });

  it("names the field of a negative amount", async () => {
    const { release } = await insertRelease(app);
    for (const field of ["price", "minimumPrice", "suggestedPrice", "trackPrice"]) {
      const res = await admin
        .put(`/api/releases/${release.id}/store`)
        .send({ ...LISTING, published: false, [field]: "-1.00" })
        .expect(400);
      expect(res.body.fieldErrors[field]).toEqual(["Enter an amount of 0 or more"]);
    }
  });

  it("refuses a suggested price below the minimum and an empty format list", async () => {
    const { release } = await insertRelease(app);
    const below = await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ ...LISTING, published: false, minimumPrice: "5.00", suggestedPrice: "4.99" })
      .expect(400);
    expect(below.body.fieldErrors.suggestedPrice).toEqual(["The suggested price cannot be below the minimum"]);
    const empty = await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ ...LISTING, published: false, formats: [] })
      .expect(400);
    expect(empty.body.fieldErrors.formats).toEqual(["Choose at least one format"]);
  });

  it("refuses to publish a release whose tracks have no audio, and saves it unpublished", async () => {
    const { release } = await insertRelease(app);
    const res = await admin.put(`/api/releases/${release.id}/store`).send(LISTING).expect(400);
    expect(res.body.fieldErrors.tracks[0]).toContain("Track 1, Track 2");
    const saved = await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ ...LISTING, published: false, price: "7" })
      .expect(200);
    expect(saved.body.listing).toMatchObject({ published: false, price: "7.00", minimumPrice: "0.00" });
    expect(saved.body.tracks.map((t: { status: unknown }) => t.status)).toEqual([null, null]);
  });

  it("answers 404 for an unknown release", async () => {
    await admin.put(`/api/releases/${crypto.randomUUID()}/store`).send(LISTING).expect(404);
  });
});

describe("masters and their transcoding", () => {
  it("makes MP3, FLAC and a preview from a WAV master, then the release can be published", async () => {
    const { release, tracks } = await insertRelease(app, {}, 1);
    const uploaded = await uploadMaster(app, admin, tracks[0].id, makeWav(3));
    expect(uploaded.body.status).toBe("pending");
    const made = await waitForAudio(admin, release.id);
    expect(made.tracks[0]).toMatchObject({ status: "ready", durationSeconds: 3, error: null });
    await admin.put(`/api/releases/${release.id}/store`).send(LISTING).expect(200);
  });

  it("marks a master ffmpeg cannot read as failed, with the reason", async () => {
    const { release, tracks } = await insertRelease(app, {}, 1);
    // A WAV header followed by noise: the type checks pass, the audio does not.
    const broken = Buffer.concat([Buffer.from("RIFF\0\0\0\0WAVEjunk"), Buffer.alloc(4096, 7)]);
    await uploadMaster(app, admin, tracks[0].id, broken);
    const made = await waitForAudio(admin, release.id);
    expect(made.tracks[0].status).toBe("failed");
    expect(made.tracks[0].error).toBeTruthy();
  });

  it("refuses a file that is not the audio type asked for", async () => {
    const { tracks } = await insertRelease(app, {}, 1);
    const issued = await admin
      .post(`/api/tracks/${tracks[0].id}/master`)
      .send({ contentType: "audio/flac" })
      .expect(200);
    const url = new URL(issued.body.uploadURL as string);
    const put = (type: string, body: Buffer) =>
      app
        .agent()
        .put(url.pathname + url.search)
        .set("Content-Type", type)
        .send(body);
    expect((await put("image/png", makeWav())).status).toBe(415);
    expect((await put("audio/flac", makeWav())).body.message).toBe("The file is not a WAV or FLAC file");
    const bad = await admin.post(`/api/tracks/${tracks[0].id}/master`).send({ contentType: "audio/mpeg" }).expect(400);
    expect(bad.body.fieldErrors.contentType).toEqual(["Upload a WAV or FLAC master"]);
  });

  it("answers 409 when the master was never uploaded", async () => {
    const { tracks } = await insertRelease(app, {}, 1);
    await admin.post(`/api/tracks/${tracks[0].id}/master`).send({ contentType: "audio/wav" }).expect(200);
    await admin.post(`/api/tracks/${tracks[0].id}/master/uploaded`).expect(409);
  });

  it("offers WAV only where every master is a WAV", async () => {
    const { release, tracks } = await insertRelease(app, {}, 1);
    await uploadMaster(app, admin, tracks[0].id, makeWav());
    await waitForAudio(admin, release.id);
    await admin
      .put(`/api/releases/${release.id}/store`)
      .send({ ...LISTING, formats: ["wav", "flac"] })
      .expect(200);
  });
});
