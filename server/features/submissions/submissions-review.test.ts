import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "@shared/outbox.table";
import { payees, releases, royaltySplits, tracks } from "@shared/royalty-catalogue.table";
import { submissions } from "@shared/submissions.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { submitTrack } from "./submissions.test-support";

const ADMIN = "ar@review.test";
let app: TestApp;
let admin: Agent;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "submissions-review-"));
  app = await startTestApp({ env: { DATA_DIR: dataDir, ADMIN_EMAILS: ADMIN, SUBMISSIONS_REPLY_DAYS: "10" } });
  admin = await app.signIn(ADMIN);
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let members = 0;
const newMember = () => app.signIn(`artist${++members}@review.test`);

const setStatus = (id: string, body: Record<string, unknown>) => admin.post(`/api/submissions/${id}/status`).send(body);

describe("deciding a submission", () => {
  it("moves pending → under-review → rejected, e-mails the feedback, and keeps the decision final", async () => {
    const member = await newMember();
    const { body: created } = await submitTrack(app, member);
    const days = (Date.parse(created.replyBy) - Date.parse(created.submittedAt)) / 86_400_000;
    expect(days).toBeCloseTo(10, 5);

    const reviewing = await setStatus(created.id, { status: "under-review" }).expect(200);
    expect(reviewing.body).toMatchObject({ status: "under-review", feedback: null, decidedAt: null });

    const missing = await setStatus(created.id, { status: "rejected", feedback: "  " }).expect(400);
    expect(missing.body.fieldErrors).toEqual({ feedback: ["Write the feedback the artist will receive"] });

    const rejected = await setStatus(created.id, { status: "rejected", feedback: "The mix is not ready yet." }).expect(
      200,
    );
    expect(rejected.body).toMatchObject({ status: "rejected", feedback: "The mix is not ready yet." });
    const mails = await app.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.aboutId, created.id), eq(outboxMessages.template, "submission-decided")));
    expect(mails).toHaveLength(1);
    expect(mails[0].recipient).toBe(`artist${members}@review.test`);
    expect(mails[0].params).toMatchObject({ status: "rejected", feedback: "The mix is not ready yet." });

    const back = await setStatus(created.id, { status: "pending" }).expect(409);
    expect(back.body.message).toBe("This submission has already been rejected; a decision is final");
    await setStatus(created.id, { status: "accepted", feedback: "Changed our minds" }).expect(409);

    const mine = await member.get("/api/submissions/my").expect(200);
    expect(mine.body[0]).toMatchObject({ status: "rejected", feedback: "The mix is not ready yet." });
  });

  it("needs feedback to accept, and never lets an undecided submission go back to pending", async () => {
    const member = await newMember();
    const { body: created } = await submitTrack(app, member);
    await setStatus(created.id, { status: "accepted" }).expect(400);
    await setStatus(created.id, { status: "under-review" }).expect(200);
    await setStatus(created.id, { status: "pending" }).expect(409);
    const accepted = await setStatus(created.id, { status: "accepted", feedback: "Welcome aboard!" }).expect(200);
    expect(accepted.body.decidedAt).not.toBeNull();
  });

  it("accepts a track into the royalty catalogue in one step: its release, the artist as payee at the share", async () => {
    const member = await newMember();
    const { body: created } = await submitTrack(app, member, { artistName: "Lee Park", trackTitle: "Night Drive" });
    const catalogue = { upc: "036000291452", isrc: "USRC17607839", share: "60" };
    // Only an accepted track enters the catalogue; a refused code leaves the submission undecided.
    await setStatus(created.id, { status: "rejected", feedback: "No", catalogue }).expect(400);
    await setStatus(created.id, {
      status: "accepted",
      feedback: "Welcome!",
      catalogue: { ...catalogue, upc: "036000291453" },
    }).expect(400);
    const accepted = await setStatus(created.id, { status: "accepted", feedback: "Welcome!", catalogue }).expect(200);
    expect(accepted.body.status).toBe("accepted");
    const [release] = await app.db.select().from(releases).where(eq(releases.upc, "036000291452"));
    expect(release).toMatchObject({ title: "Night Drive", artist: "Lee Park" });
    const [track] = await app.db.select().from(tracks).where(eq(tracks.releaseId, release.id));
    expect(track).toMatchObject({ title: "Night Drive", isrc: "USRC17607839" });
    const [payee] = await app.db
      .select()
      .from(payees)
      .where(eq(payees.email, `artist${members}@review.test`));
    expect(payee).toMatchObject({ name: "Lee Park", artistName: "Lee Park" });
    const [split] = await app.db.select().from(royaltySplits).where(eq(royaltySplits.releaseId, release.id));
    expect(split).toMatchObject({ payeeId: payee.id, share: "60.00" });

    // The same UPC again: 409 naming its holder, and the second submission is still open.
    const { body: other } = await submitTrack(app, member, { artistName: "Lee Park", trackTitle: "Day Drive" });
    const taken = await setStatus(other.id, {
      status: "accepted",
      feedback: "Welcome!",
      catalogue: { ...catalogue, isrc: "USRC17607840" },
    }).expect(409);
    expect(taken.body.message).toMatch(/036000291452/);
    const mine = await member.get(`/api/submissions/my/${other.id}`).expect(200);
    expect(mine.body.status).toBe("pending");
    // Accepted into the catalogue again with new codes, the artist keeps one payee.
    await setStatus(other.id, {
      status: "accepted",
      feedback: "Welcome!",
      catalogue: { upc: "012345678905", isrc: "USRC17607840", share: "50" },
    }).expect(200);
    expect(
      await app.db
        .select()
        .from(payees)
        .where(eq(payees.email, `artist${members}@review.test`)),
    ).toHaveLength(1);
  });

  it("answers 404 for an unknown submission", async () => {
    await setStatus("00000000-0000-4000-8000-000000000000", { status: "under-review" }).expect(404);
  });
});

describe("the A&R inbox", () => {
  it("lists oldest first, filters by status, genre, overdue and a search, and marks overdue ones", async () => {
    const member = await newMember();
    const a = (await submitTrack(app, member, { trackTitle: "Alpha Song", genre: "Jazz" })).body;
    const b = (await submitTrack(app, member, { trackTitle: "Beta Song", genre: "Pop" })).body;
    await app.db
      .update(submissions)
      .set({ submittedAt: sql`now() - interval '20 days'`, replyBy: sql`now() - interval '6 days'` })
      .where(eq(submissions.id, b.id));

    const all = await admin.get("/api/submissions").expect(200);
    const ids = all.body.map((s: { id: string }) => s.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(all.body.find((s: { id: string }) => s.id === b.id)).toMatchObject({
      overdue: true,
      memberEmail: `artist${members}@review.test`,
      fileType: "audio/mpeg",
    });

    const overdue = await admin.get("/api/submissions?overdue=true").expect(200);
    expect(overdue.body.map((s: { id: string }) => s.id)).toContain(b.id);
    expect(overdue.body.map((s: { id: string }) => s.id)).not.toContain(a.id);

    const jazz = await admin.get("/api/submissions?genre=jazz").expect(200);
    expect(jazz.body.map((s: { id: string }) => s.id)).toEqual([a.id]);

    const search = await admin.get("/api/submissions?q=beta").expect(200);
    expect(search.body.map((s: { id: string }) => s.id)).toEqual([b.id]);

    await setStatus(a.id, { status: "under-review" }).expect(200);
    const reviewing = await admin.get("/api/submissions?status=under-review").expect(200);
    expect(reviewing.body.map((s: { id: string }) => s.id)).toEqual([a.id]);

    const bad = await admin.get("/api/submissions?status=maybe").expect(400);
    expect(bad.body.fieldErrors.status).toEqual(["Unknown status"]);
  });

  it("keeps saved replies for common answers", async () => {
    const created = await admin
      .post("/api/submission-replies")
      .send({ title: "Not our genre", body: "Thank you; this is outside what we sign." })
      .expect(201);
    const list = await admin.get("/api/submission-replies").expect(200);
    expect(list.body).toContainEqual(expect.objectContaining({ id: created.body.id, title: "Not our genre" }));
    const bad = await admin.post("/api/submission-replies").send({ title: "", body: "x" }).expect(400);
    expect(bad.body.fieldErrors).toEqual({ title: ["Required"] });
    await admin.delete(`/api/submission-replies/${created.body.id}`).expect(204);
    await admin.delete(`/api/submission-replies/${created.body.id}`).expect(404);
  });
});

describe("the weekly summary of overdue submissions", () => {
  it("e-mails the administrators the undecided submissions past their date, once a week", async () => {
    const member = await newMember();
    const late = (await submitTrack(app, member, { trackTitle: "Waiting Song" })).body;
    await app.db
      .update(submissions)
      .set({ replyBy: sql`now() - interval '1 day'` })
      .where(eq(submissions.id, late.id));
    const { createSubmissionsService, weekKey } = await import("./submissions.service");
    const { createSubmissionsRepository } = await import("./submissions.repository");
    const queued: unknown[] = [];
    const service = createSubmissionsService({
      repository: createSubmissionsRepository(app.db),
      claimAudioUpload: async () => ({ refused: "not-issued" }),
      messages: {
        queue: async () => {},
        queueToAdmins: async (_tx, message) => void queued.push(message),
        deliverSoon: () => {},
      },
      links: { sign: () => "", check: () => "invalid" },
      addToCatalogue: async () => undefined,
      replyDays: 14,
      pageUrl: "https://label.test/submissions",
      inboxUrl: "https://label.test/admin/submissions",
    });
    expect(weekKey(new Date("2026-11-29T06:00:00Z"))).toBe("2026-11-23");
    expect(await service.queueOverdueSummary()).toBeGreaterThanOrEqual(1);
    expect(queued[0]).toMatchObject({ template: "submissions-overdue-summary", aboutId: weekKey(new Date()) });
    const items = (queued[0] as { params: { items: { trackTitle: string }[] } }).params.items;
    expect(items.map((i) => i.trackTitle)).toContain("Waiting Song");
  });

  it("queues the summary through the outbox once per week, whoever runs the job", async () => {
    const member = await newMember();
    const late = (await submitTrack(app, member, { trackTitle: "Late Again" })).body;
    await app.db
      .update(submissions)
      .set({ replyBy: sql`now() - interval '1 day'` })
      .where(eq(submissions.id, late.id));
    const { createSubmissionsService } = await import("./submissions.service");
    const { createSubmissionsRepository } = await import("./submissions.repository");
    const service = createSubmissionsService({
      repository: createSubmissionsRepository(app.db),
      claimAudioUpload: async () => ({ refused: "not-issued" }),
      messages: {
        queue: async () => {},
        // As the outbox queues it: one row per administrator, in the caller's transaction.
        queueToAdmins: (tx, message) =>
          tx.insert(outboxMessages).values({
            template: message.template,
            params: message.params,
            recipient: ADMIN,
            aboutType: message.aboutType,
            aboutId: message.aboutId,
          }),
        deliverSoon: () => {},
      },
      links: { sign: () => "", check: () => "invalid" },
      addToCatalogue: async () => undefined,
      replyDays: 14,
      pageUrl: "https://label.test/submissions",
      inboxUrl: "https://label.test/admin/submissions",
    });
    await Promise.all([service.queueOverdueSummary(), service.queueOverdueSummary()]);
    await service.queueOverdueSummary();
    const summaries = await app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "submissions-overdue-summary"));
    expect(summaries).toHaveLength(1);
    expect(summaries[0].recipient).toBe(ADMIN);
  });
});
