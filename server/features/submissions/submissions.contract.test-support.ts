import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { submissionsContract } from "@shared/submissions";
import { SUBMISSION_MAX_BYTES } from "@shared/submissions";
import { submissionReplies } from "@shared/submissions.table";
import type { ContractCases } from "../../test/contract-harness";
import { sessionCookieOf } from "../../test/app-harness";
import { audioBytes, trackFields, uploadAudio } from "./submissions.test-support";

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** The submissions' answers, for server/contract.test.ts. */
export const submissionsCases: ContractCases<typeof submissionsContract> = {
  async create({ app, send }) {
    // A member of its own, so the weekly limit is reached here and nowhere else.
    const artist = await app.signIn("submissions@contract.test");
    const asArtist = { Cookie: sessionCookieOf(artist) };
    const bytes = audioBytes("mp3");
    const fileKey = await uploadAudio(app, artist, bytes);
    const created = await send("anonymous", { body: { ...trackFields, fileKey }, headers: asArtist }, 201);
    expect(created.body).toMatchObject({ status: "pending" });
    const again = await uploadAudio(app, artist, bytes);
    await send("anonymous", { body: { ...trackFields, fileKey: again }, headers: asArtist }, 409);
    await send("anonymous", { body: { ...trackFields, bpm: 500, fileKey }, headers: asArtist }, 400);
    // Over 100MB as a bucket upload could store it (a sparse file: nothing is written).
    const big = await uploadAudio(app, artist, audioBytes("mp3"));
    const file = path.join(app.config.dataDir, "objects", "uploads", big.split("/").pop()!);
    fs.truncateSync(file, SUBMISSION_MAX_BYTES + 1);
    await send("anonymous", { body: { ...trackFields, fileKey: big }, headers: asArtist }, 413);
    for (let i = 0; i < 2; i++) {
      const key = await uploadAudio(app, artist, audioBytes("mp3"));
      await send("anonymous", { body: { ...trackFields, fileKey: key }, headers: asArtist }, 201);
    }
    const fourth = await uploadAudio(app, artist, audioBytes("mp3"));
    await send("anonymous", { body: { ...trackFields, fileKey: fourth }, headers: asArtist }, 429);
  },
  async mine({ send }) {
    expect(Array.isArray((await send("member", {}, 200)).body)).toBe(true);
  },
  async mineOne({ app, send }) {
    const artist = await app.signIn("submissions-one@contract.test");
    const fileKey = await uploadAudio(app, artist, audioBytes("wav"), "wav");
    const created = await artist
      .post("/api/submissions")
      .send({ ...trackFields, fileKey })
      .expect(201);
    await send("anonymous", { params: { id: created.body.id }, headers: { Cookie: sessionCookieOf(artist) } }, 200);
    await send("member", { params: { id: created.body.id } }, 404);
  },
  async list({ send }) {
    await send("admin", { query: { status: "pending", overdue: "false" } }, 200);
    await send("admin", { query: { status: "maybe" } }, 400);
  },
  async setStatus({ app, send }) {
    const artist = await app.signIn("submissions-status@contract.test");
    const fileKey = await uploadAudio(app, artist, audioBytes("flac"), "flac");
    const created = await artist
      .post("/api/submissions")
      .send({ ...trackFields, fileKey })
      .expect(201);
    const params = { id: created.body.id };
    await send("admin", { params, body: { status: "accepted" } }, 400);
    await send("admin", { params, body: { status: "rejected", feedback: "Not this time." } }, 200);
    await send("admin", { params, body: { status: "pending" } }, 409);
    await send("admin", { params: { id: UNKNOWN }, body: { status: "under-review" } }, 404);
  },
  async listReplies({ send }) {
    await send("admin", {}, 200);
  },
  async createReply({ send }) {
    await send("admin", { body: { title: "Thanks", body: "Thank you for sending it." } }, 201);
    await send("admin", { body: { title: "" } }, 400);
  },
  async removeReply({ app, send }) {
    const [reply] = await app.db
      .insert(submissionReplies)
      .values({ title: "Soon", body: "We will listen soon." })
      .returning();
    await send("admin", { params: { id: reply.id } }, 204);
    await send("admin", { params: { id: UNKNOWN } }, 404);
  },
};
