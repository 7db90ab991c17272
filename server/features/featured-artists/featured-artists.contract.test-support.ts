import crypto from "node:crypto";
import { expect } from "vitest";
import type { featuredArtistsContract } from "@shared/featured-artists";
import { featuredArtists } from "@shared/featured-artists.table";
import type { ContractCases } from "../../test/contract-harness";
import type { TestApp } from "../../test/app-harness";

const artist = { artistName: "Nova Reign", imageUrl: "/demo/artists/nova-reign.svg", month: "November 2026" };

async function insertArtist(app: TestApp, values: Partial<typeof featuredArtists.$inferInsert> = {}) {
  const [row] = await app.db
    .insert(featuredArtists)
    .values({ ...artist, ...values })
    .returning();
  return row;
}

/** Each featured-artist route's answers, for server/contract.test.ts. */
export const featuredArtistsCases: ContractCases<typeof featuredArtistsContract> = {
  async list({ app, send }) {
    await insertArtist(app, { videoUrl: "https://video.example/clip", isActive: 1 });
    const answer = await send("anonymous", {}, 200);
    expect(answer.body).not.toEqual([]);
  },
  async active({ app, send }) {
    await app.db.update(featuredArtists).set({ isActive: 0 });
    expect((await send("anonymous", {}, 200)).body).toBeNull();
    await insertArtist(app, { isActive: 1 });
    expect((await send("anonymous", {}, 200)).body).toMatchObject({ isActive: 1 });
  },
  async create({ send }) {
    await send("admin", { body: { ...artist, bio: "R&B" } }, 201);
    await send("admin", { body: { imageUrl: "javascript:alert(1)" } }, 400);
  },
  async update({ app, send }) {
    const row = await insertArtist(app);
    await send("admin", { params: { id: row.id }, body: { bio: "" } }, 200);
    await send("admin", { params: { id: row.id }, body: { month: "" } }, 400);
    await send("admin", { params: { id: crypto.randomUUID() }, body: {} }, 404);
  },
  async remove({ app, send }) {
    const row = await insertArtist(app);
    await send("admin", { params: { id: row.id } }, 204);
    await send("admin", { params: { id: row.id } }, 404);
  },
};
