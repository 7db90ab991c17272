import crypto from "node:crypto";
import { expect } from "vitest";
import type { royaltyCatalogueContract } from "@shared/royalty-catalogue";
import { royaltySplits } from "@shared/royalties.table";
import type { ContractCases } from "../../../test/contract-harness";
import { insertPayee, insertRelease, makeIsrc, makeUpc } from "./royalty-catalogue.test-support";

const admin = "admin" as const;
const missing = () => ({ id: crypto.randomUUID() });

/** Each royalty catalogue route's answers, for server/contract.test.ts. */
export const royaltyCatalogueCases: ContractCases<typeof royaltyCatalogueContract> = {
  async listReleases({ app, send }) {
    const { release } = await insertRelease(app);
    expect((await send(admin, { query: { q: release.upc } }, 200)).body).toHaveLength(1);
    await send(admin, { query: { q: "x".repeat(201) } }, 400);
  },
  async createRelease({ app, send }) {
    const body = { title: "Contract", artist: "Case", upc: makeUpc(), tracks: [{ title: "One", isrc: makeIsrc() }] };
    await send(admin, { body }, 201);
    await send(admin, { body: { ...body, upc: "123" } }, 400);
    const { release } = await insertRelease(app);
    await send(admin, { body: { ...body, upc: release.upc } }, 409);
  },
  async getRelease({ app, send }) {
    const { release } = await insertRelease(app);
    await send(admin, { params: { id: release.id } }, 200);
    await send(admin, { params: missing() }, 404);
  },
  async updateRelease({ app, send }) {
    const payee = await insertPayee(app);
    const { release, tracks } = await insertRelease(app);
    await app.db.insert(royaltySplits).values({ trackId: tracks[1].id, payeeId: payee.id, share: "5" });
    const kept = { id: tracks[0].id, title: "Kept", isrc: tracks[0].isrc };
    const body = { title: "Edited", artist: release.artist, upc: release.upc, tracks: [kept, tracks[1]] };
    await send(
      admin,
      { params: { id: release.id }, body: { ...body, tracks: [kept, { ...tracks[1], releaseId: undefined }] } },
      200,
    );
    await send(admin, { params: { id: release.id }, body: { ...body, tracks: [] } }, 400);
    await send(admin, { params: { id: release.id }, body: { ...body, tracks: [kept] } }, 409);
    await send(
      admin,
      { params: missing(), body: { ...body, upc: makeUpc(), tracks: [{ title: "x", isrc: makeIsrc() }] } },
      404,
    );
  },
  async getSplits({ app, send }) {
    const { release } = await insertRelease(app);
    expect((await send(admin, { params: { id: release.id } }, 200)).body).toMatchObject({ labelShare: "100.00" });
    await send(admin, { params: missing() }, 404);
  },
  async setReleaseSplits({ app, send }) {
    const { release } = await insertRelease(app);
    const payee = await insertPayee(app);
    await send(admin, { params: { id: release.id }, body: { splits: [{ payeeId: payee.id, share: "60" }] } }, 200);
    await send(admin, { params: { id: release.id }, body: { splits: [{ payeeId: payee.id, share: "101" }] } }, 400);
    await send(admin, { params: missing(), body: { splits: [] } }, 404);
  },
  async setTrackSplits({ app, send }) {
    const { tracks } = await insertRelease(app);
    const payee = await insertPayee(app);
    await send(admin, { params: { id: tracks[0].id }, body: { splits: [{ payeeId: payee.id, share: "60" }] } }, 200);
    await send(
      admin,
      { params: { id: tracks[0].id }, body: { splits: [{ payeeId: crypto.randomUUID(), share: "1" }] } },
      400,
    );
    await send(admin, { params: missing(), body: { splits: [] } }, 404);
  },
  async listPayees({ app, send }) {
    await insertPayee(app, "Contract Payee");
    expect(((await send(admin, { query: { q: "contract payee" } }, 200)).body as unknown[]).length).toBeGreaterThan(0);
    await send(admin, { query: { q: "x".repeat(201) } }, 400);
  },
  async createPayee({ send }) {
    await send(admin, { body: { name: "Payee", email: "Payee@Contract.test", platformShare: "10" } }, 201);
    await send(admin, { body: { name: "", email: "x" } }, 400);
  },
  async getPayee({ app, send }) {
    const payee = await insertPayee(app);
    await send(admin, { params: { id: payee.id } }, 200);
    await send(admin, { params: missing() }, 404);
  },
  async updatePayee({ app, send }) {
    const payee = await insertPayee(app);
    const body = { name: "Renamed", email: "renamed@contract.test", artistName: "Nova" };
    await send(admin, { params: { id: payee.id }, body }, 200);
    await send(admin, { params: { id: payee.id }, body: { ...body, platformShare: "-1" } }, 400);
    await send(admin, { params: missing(), body }, 404);
  },
  async listAdvances({ app, send }) {
    const payee = await insertPayee(app);
    await send(admin, { params: { id: payee.id } }, 200);
    await send(admin, { params: missing() }, 404);
  },
  async createAdvance({ app, send }) {
    const payee = await insertPayee(app);
    const body = { amount: "250.00", date: "2026-04-01", note: "Recording" };
    await send(admin, { params: { id: payee.id }, body }, 201);
    await send(admin, { params: { id: payee.id }, body: { ...body, amount: "0" } }, 400);
    await send(admin, { params: missing(), body }, 404);
  },
};
