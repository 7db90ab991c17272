import crypto from "node:crypto";
import { expect } from "vitest";
import type { liveStreamsContract } from "@shared/live-streams";
import { liveStreams } from "@shared/live-streams.table";
import type { ContractCases } from "../../test/contract-harness";
import type { TestApp } from "../../test/app-harness";

async function insertStream(app: TestApp, values: Partial<typeof liveStreams.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(liveStreams)
    .values({ title: "Studio Session", ...values })
    .returning();
  return row;
}

/** Each live-stream route's answers, for server/contract.test.ts. */
export const liveStreamsCases: ContractCases<typeof liveStreamsContract> = {
  async current({ app, send }) {
    await app.db.delete(liveStreams);
    expect((await send("anonymous", {}, 200)).body).toBeNull();
    await insertStream(app, { status: "live", startedAt: new Date(), facebookStreamKey: "secret" });
    const answer = await send("anonymous", {}, 200);
    expect(answer.body).toMatchObject({ status: "live", platforms: { facebook: true } });
    expect(answer.text).not.toContain("secret");
  },
  async list({ app, send }) {
    await insertStream(app, { scheduledFor: new Date("2031-05-01T18:30:00Z") });
    expect((await send("admin", {}, 200)).body).not.toEqual([]);
  },
  async create({ send }) {
    await send("admin", { body: { title: "Release Party", scheduledFor: "2031-07-04T21:00:00.000Z" } }, 201);
    await send("admin", { body: { title: "" } }, 400);
  },
  async update({ app, send }) {
    const row = await insertStream(app);
    await send("admin", { params: { id: row.id }, body: { status: "ended" } }, 200);
    await send("admin", { params: { id: row.id }, body: { status: "paused" } }, 400);
    await send("admin", { params: { id: crypto.randomUUID() }, body: {} }, 404);
  },
  async remove({ app, send }) {
    const row = await insertStream(app);
    await send("admin", { params: { id: row.id } }, 204);
    await send("admin", { params: { id: row.id } }, 404);
  },
};
