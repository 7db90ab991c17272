import crypto from "node:crypto";
import { expect } from "vitest";
import type { storeContract } from "@shared/store";
import type { storeSalesContract } from "@shared/store-sales";
import type { digitalTaxContract } from "@shared/digital-tax";
import { storeTrackAudio } from "@shared/store.table";
import type { ContractCases } from "../../test/contract-harness";
import { createObjectStorage, uploadKey } from "../../integrations/object-storage";
import { generateLocalSecrets } from "../../lib/secrets";
import { insertRelease } from "../royalties/catalogue/royalty-catalogue.test-support";
import { cardPurchase, insertCodes, insertPurchase, insertReleaseOnSale, makeWav } from "./store.test-support";

const admin = "admin" as const;
const anyone = "anonymous" as const;
const missing = () => ({ id: crypto.randomUUID() });
const fan = () => `${crypto.randomUUID()}@fan.test`;
const LISTING = { published: false, price: "7.00", formats: ["flac"] };

/** Each music store route's answers, for server/contract.test.ts. */
export const storeCases: ContractCases<typeof storeContract> = {
  async getListing({ app, send }) {
    const { release } = await insertRelease(app);
    await send(admin, { params: { id: release.id } }, 200);
    await send(admin, { params: missing() }, 404);
  },
  async putListing({ app, send }) {
    const { release } = await insertRelease(app);
    await send(admin, { params: { id: release.id }, body: LISTING }, 200);
    await send(admin, { params: { id: release.id }, body: { ...LISTING, formats: [] } }, 400);
    const notIssued = `/objects/uploads/${crypto.randomUUID()}`;
    await send(admin, { params: { id: release.id }, body: { ...LISTING, coverUrl: notIssued } }, 400);
    await send(admin, { params: missing(), body: LISTING }, 404);
  },
  async issueMaster({ app, send }) {
    const { tracks } = await insertRelease(app, {}, 1);
    await send(admin, { params: { id: tracks[0].id }, body: { contentType: "audio/wav" } }, 200);
    await send(admin, { params: { id: tracks[0].id }, body: { contentType: "audio/mpeg" } }, 400);
    await send(admin, { params: missing(), body: { contentType: "audio/wav" } }, 404);
  },
  async masterUploaded({ app, send }) {
    const { tracks } = await insertRelease(app, {}, 1);
    const masterId = crypto.randomUUID();
    await app.db
      .insert(storeTrackAudio)
      .values({ trackId: tracks[0].id, masterId, masterContentType: "audio/wav", status: "uploading" });
    await send(admin, { params: { id: tracks[0].id } }, 409);
    // What the browser's PUT leaves in storage.
    const storage = createObjectStorage({ config: app.config, secrets: generateLocalSecrets() });
    await storage.put(uploadKey(masterId), makeWav(1), "audio/wav");
    expect((await send(admin, { params: { id: tracks[0].id } }, 200)).body).toMatchObject({ status: "pending" });
    await send(admin, { params: missing() }, 404);
  },
  async listReleases({ app, send }) {
    await insertReleaseOnSale(app);
    expect(((await send(anyone, {}, 200)).body as unknown[]).length).toBeGreaterThan(0);
    await send(anyone, { query: { q: "x".repeat(201) } }, 400);
  },
  async getRelease({ app, send }) {
    const { release } = await insertReleaseOnSale(app);
    await send(anyone, { params: { id: release.id } }, 200);
    await send(anyone, { params: missing() }, 404);
  },
  async purchase({ app, send }) {
    const { release } = await insertReleaseOnSale(app, { minimumPrice: "0.00" });
    const email = fan();
    for (let i = 0; i < 5; i++) await send(anyone, { params: { id: release.id }, body: { email, amount: "0" } }, 201);
    await send(anyone, { params: { id: release.id }, body: { email, amount: "0" } }, 429);
    await send(anyone, { params: { id: release.id }, body: { email, amount: "-1" } }, 400);
    const paid = await send(anyone, { params: { id: release.id }, body: { email: fan(), amount: "5.00" } }, 201);
    expect(paid.body).toMatchObject({ status: "pending", clientSecret: expect.any(String) });
    // A single track: only a track of the release, and only where the listing sells tracks.
    await send(anyone, { params: { id: release.id }, body: { email: fan(), trackId: crypto.randomUUID() } }, 400);
    const singles = await insertReleaseOnSale(app, { trackPrice: "0.99" });
    const track = await send(
      anyone,
      { params: { id: singles.release.id }, body: { email: fan(), trackId: singles.tracks[0].id } },
      201,
    );
    expect(track.body).toMatchObject({ status: "pending", clientSecret: expect.any(String) });
    await send(anyone, { params: missing(), body: { email, amount: "0" } }, 404);
  },
  async getDownload({ app, send }) {
    const { release } = await insertReleaseOnSale(app);
    await send(anyone, { params: { token: await insertPurchase(app, release.id) } }, 200);
    await send(anyone, { params: { token: await insertPurchase(app, release.id, "refunded") } }, 410);
    await send(anyone, { params: { token: "x".repeat(32) } }, 404);
  },
  async resend({ send }) {
    const email = fan();
    for (let i = 0; i < 3; i++) await send(anyone, { body: { email } }, 200);
    await send(anyone, { body: { email } }, 429);
    await send(anyone, { body: { email: "not an address" } }, 400);
  },

  async createCodes({ app, send }) {
    const { release } = await insertRelease(app);
    const res = await send(admin, { params: { id: release.id }, body: { count: 3, batch: "Press" } }, 201);
    expect((res.body as { codes: string[] }).codes).toHaveLength(3);
    await send(admin, { params: { id: release.id }, body: { count: 1001, batch: "Press" } }, 400);
    await send(admin, { params: missing(), body: { count: 1, batch: "Press" } }, 404);
  },
  async redeem({ app, send }) {
    const { release } = await insertReleaseOnSale(app);
    const [code] = await insertCodes(app, release.id, 1);
    await send(anyone, { body: { code, email: fan() } }, 200);
    await send(anyone, { body: { code, email: fan() } }, 409);
    await send(anyone, { body: { code: "", email: fan() } }, 400);
    // Ten wrong codes from one address, then 429 (the contract's own address counts here).
    for (let i = 0; i < 10; i++) await send(anyone, { body: { code: `WRONG${i}XXXXX`, email: fan() } }, 404);
    await send(anyone, { body: { code: "ABCDEFGHJK", email: fan() } }, 429);
  },

  async library({ send }) {
    expect(Array.isArray((await send("member", {}, 200)).body)).toBe(true);
  },
};

/** The store's sales routes (an administrator's sales list and refunds), for server/contract.test.ts. */
export const storeSalesCases: ContractCases<typeof storeSalesContract> = {
  async listSales({ app, stripe, send }) {
    const { release } = await insertReleaseOnSale(app);
    await cardPurchase(app, stripe, release.id, "4.00", { fee: 42 });
    const res = await send(admin, { params: { id: release.id } }, 200);
    expect(res.body).toEqual([expect.objectContaining({ amount: "4.00", fee: "0.42", refundable: "4.00" })]);
    await send(admin, { params: missing() }, 404);
  },
  async refund({ app, stripe, send }) {
    const { release } = await insertReleaseOnSale(app);
    const { purchase } = await cardPurchase(app, stripe, release.id, "5.00");
    await send(admin, { params: { id: purchase.id }, body: { amount: "5.01" } }, 400);
    await send(admin, { params: { id: purchase.id }, body: { amount: "1.00" } }, 202);
    const unpaid = await cardPurchase(app, stripe, release.id, "3.00", { pay: false });
    await send(admin, { params: { id: unpaid.purchase.id }, body: {} }, 409);
    await send(admin, { params: missing(), body: {} }, 404);
  },
};

export const digitalTaxCases: ContractCases<typeof digitalTaxContract> = {
  async getRates({ send }) {
    const res = await send(admin, {}, 200);
    expect(Array.isArray((res.body as { rates: unknown[] }).rates)).toBe(true);
  },
  async putRates({ send }) {
    const res = await send(admin, { body: { rates: [{ country: "NO", rate: "25" }] } }, 200);
    expect((res.body as { rates: unknown[] }).rates).toEqual([{ country: "NO", countryName: "Norway", rate: "25" }]);
    await send(admin, { body: { rates: [{ country: "NO", rate: "101" }] } }, 400);
  },
};
