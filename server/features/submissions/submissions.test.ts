import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { submissions } from "@shared/submissions.table";
import { startTestApp, type TestApp } from "../../test/app-harness";
import { pngBytes, relativeUrl } from "../objects/uploads.test-support";
import { createAudioLinks } from "./submission-audio";
import { audioBytes, submitTrack, trackFields, uploadAudio } from "./submissions.test-support";

const SESSION_SECRET = "submissions-test-session-secret-0123456789";
const ADMIN = "ar@label.test";
let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "submissions-test-"));
  app = await startTestApp({ env: { SESSION_SECRET, DATA_DIR: dataDir, ADMIN_EMAILS: ADMIN } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let members = 0;
const newMember = () => app.signIn(`artist${++members}@submissions.test`, "Nova Reign");

function mailsAbout(id: string, template: string) {
  return app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.aboutId, id), eq(outboxMessages.template, template)));
}

describe("the submission upload address", () => {
  it("refuses a file over 100MB before any byte is sent", async () => {
    const member = await newMember();
    const res = await member
      .post("/api/objects/upload")
      .send({ purpose: "submission", contentType: "audio/mpeg", size: 100 * 1024 * 1024 + 1 })
      .expect(413);
    expect(res.body.message).toBe("Maximum file size is 100MB");
  });

  it("takes only MP3, WAV or FLAC types and needs the size", async () => {
    const member = await newMember();
    const res = await member
      .post("/api/objects/upload")
      .send({ purpose: "submission", contentType: "video/mp4" })
      .expect(400);
    expect(res.body.fieldErrors).toEqual({
      contentType: ["Only MP3, WAV or FLAC audio can be submitted"],
      size: ["Required"],
    });
  });

  it("keeps the logo's call without a body working", async () => {
    const member = await newMember();
    const res = await member.post("/api/objects/upload").expect(200);
    expect(res.body.objectPath).toMatch(/^\/objects\/uploads\//);
  });

  it("refuses bytes that are not the audio they claim to be, by their content", async () => {
    const member = await newMember();
    const issued = await member
      .post("/api/objects/upload")
      .send({ purpose: "submission", contentType: "audio/mpeg", size: 2048 })
      .expect(200);
    const res = await app
      .agent()
      .put(relativeUrl(app, issued.body.uploadURL))
      .set("Content-Type", "audio/mpeg")
      .send(pngBytes(2048))
      .expect(415);
    expect(res.body.message).toBe("The file is not the audio type it claims to be");
  });

  it("never serves a submission's audio at its public object path", async () => {
    const member = await newMember();
    const objectPath = await uploadAudio(app, member, audioBytes("wav"), "wav");
    await app.agent().get(objectPath).expect(404);
  });
});

describe("POST /api/submissions", () => {
  it("records a pending submission and e-mails the artist the date the label answers by", async () => {
    const member = await newMember();
    const res = await submitTrack(app, member, { description: "Late-night groove" });
    expect(res.body).toMatchObject({ ...trackFields, status: "pending", feedback: null, overdue: false });
    const days = (Date.parse(res.body.replyBy) - Date.parse(res.body.submittedAt)) / 86_400_000;
    expect(days).toBeCloseTo(14, 5);
    const [mail] = await mailsAbout(res.body.id, "submission-received");
    expect(mail.recipient).toBe(`artist${members}@submissions.test`);
    expect(mail.params).toMatchObject({ trackTitle: "After Hours", replyBy: res.body.replyBy });
  });

  it("takes WAV and FLAC as well", async () => {
    const member = await newMember();
    for (const kind of ["wav", "flac"] as const) {
      const fileKey = await uploadAudio(app, member, audioBytes(kind), kind);
      await member
        .post("/api/submissions")
        .send({ ...trackFields, fileKey })
        .expect(201);
    }
  });

  it("names the missing field, and a BPM outside 20–300", async () => {
    const member = await newMember();
    const fileKey = await uploadAudio(app, member, audioBytes("mp3"));
    const missing = await member
      .post("/api/submissions")
      .send({ artistName: "Nova", genre: "Pop", fileKey })
      .expect(400);
    expect(missing.body.fieldErrors).toEqual({ trackTitle: ["Required"] });
    for (const bpm of [19, 301, 90.5]) {
      const res = await member
        .post("/api/submissions")
        .send({ ...trackFields, bpm, fileKey })
        .expect(400);
      expect(res.body.fieldErrors).toEqual({ bpm: ["Enter a whole number from 20 to 300"] });
    }
  });

  it("refuses a stored file that is not audio by its content (as a direct bucket upload could store it)", async () => {
    const member = await newMember();
    const issued = await member
      .post("/api/objects/upload")
      .send({ purpose: "submission", contentType: "audio/mpeg", size: 2048 })
      .expect(200);
    const objectPath: string = issued.body.objectPath;
    const file = path.join(dataDir, "objects", "uploads", objectPath.split("/").pop()!);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.meta.json`, JSON.stringify({ contentType: "audio/mpeg" }));
    fs.writeFileSync(file, pngBytes(2048));
    const res = await member
      .post("/api/submissions")
      .send({ ...trackFields, fileKey: objectPath })
      .expect(400);
    expect(res.body.fieldErrors.fileKey[0]).toMatch(/^The file is not audio/);
  });

  it("refuses a file issued to someone else, or never uploaded", async () => {
    const member = await newMember();
    const other = await newMember();
    const theirs = await uploadAudio(app, other, audioBytes("mp3"));
    const res = await member
      .post("/api/submissions")
      .send({ ...trackFields, fileKey: theirs })
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ fileKey: ["Upload the audio file first"] });
  });

  it("takes one track once: the same file again is a conflict, under a new upload or another member", async () => {
    const member = await newMember();
    const bytes = audioBytes("mp3");
    await member
      .post("/api/submissions")
      .send({ ...trackFields, fileKey: await uploadAudio(app, member, bytes) })
      .expect(201);
    const again = await member
      .post("/api/submissions")
      .send({ ...trackFields, fileKey: await uploadAudio(app, member, bytes) })
      .expect(409);
    expect(again.body.message).toBe("This track has already been submitted");
    const other = await newMember();
    await other
      .post("/api/submissions")
      .send({ ...trackFields, fileKey: await uploadAudio(app, other, bytes) })
      .expect(409);
  });

  it("takes 3 submissions per member in 7 days, then names the day they may submit again", async () => {
    const member = await newMember();
    const first = await submitTrack(app, member);
    await submitTrack(app, member);
    await submitTrack(app, member);
    // The oldest of the three was sent 2 days ago: it leaves the window in 5 days.
    await app.db
      .update(submissions)
      .set({ submittedAt: sql`now() - interval '2 days'` })
      .where(eq(submissions.id, first.body.id));
    const fileKey = await uploadAudio(app, member, audioBytes("mp3"));
    const res = await member
      .post("/api/submissions")
      .send({ ...trackFields, fileKey })
      .expect(429);
    const day = new Date(Date.now() + 5 * 86_400_000).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(res.body.message).toBe(`You can submit again on ${day}`);
    // A submission older than 7 days no longer counts.
    await app.db
      .update(submissions)
      .set({ submittedAt: sql`now() - interval '8 days'` })
      .where(eq(submissions.id, first.body.id));
    await member
      .post("/api/submissions")
      .send({ ...trackFields, fileKey })
      .expect(201);
  });
});

describe("a member's own submissions", () => {
  it("lists their submissions with status, feedback and reply-by; another member's is not found", async () => {
    const member = await newMember();
    const other = await newMember();
    const mine = await submitTrack(app, member);
    const theirs = await submitTrack(app, other, { trackTitle: "Low Tide" });
    const list = await member.get("/api/submissions/my").expect(200);
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([mine.body.id]);
    expect(list.body[0]).toMatchObject({ status: "pending", feedback: null, replyBy: mine.body.replyBy });
    await member.get(`/api/submissions/my/${mine.body.id}`).expect(200);
    const res = await member.get(`/api/submissions/my/${theirs.body.id}`).expect(404);
    expect(res.body.message).toBe("Submission not found");
  });
});

describe("listening through the signed link", () => {
  it("streams the audio, ranges for seeking, and refuses an altered or expired link", async () => {
    const member = await newMember();
    const bytes = audioBytes("flac", 10_000);
    const fileKey = await uploadAudio(app, member, bytes, "flac");
    const created = await member
      .post("/api/submissions")
      .send({ ...trackFields, fileKey })
      .expect(201);
    const url: string = created.body.audioUrl;
    const whole = await app.agent().get(url).buffer(true).expect(200);
    expect(whole.headers["content-type"]).toBe("audio/flac");
    expect(Buffer.compare(whole.body as Buffer, bytes)).toBe(0);
    const part = await app.agent().get(url).set("Range", "bytes=100-199").buffer(true).expect(206);
    expect(part.headers["content-range"]).toBe("bytes 100-199/10000");
    expect(Buffer.compare(part.body as Buffer, bytes.subarray(100, 200))).toBe(0);

    await app
      .agent()
      .get(url.replace(/signature=./, "signature=x"))
      .expect(403);
    const links = createAudioLinks(SESSION_SECRET);
    const expired = links.sign(created.body.id, Date.now() - 11 * 60 * 1000);
    const res = await app.agent().get(expired).expect(403);
    expect(res.body.message).toBe("This listening link has expired. Open the submission again.");
    // A link signed for one submission does not open another.
    const other = await submitTrack(app, member);
    await app.agent().get(url.replace(created.body.id, other.body.id)).expect(403);
  });
});
