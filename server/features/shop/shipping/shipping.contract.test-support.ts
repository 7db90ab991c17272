import crypto from "node:crypto";
import { expect } from "vitest";
import { shippingZones } from "@shared/merchandise.table";
import type { shippingContract } from "@shared/shipping";
import type { ContractCases } from "../../../test/contract-harness";
import { insertMerchandise } from "../../../test/payments";

const ZONES = [
  { name: "Contract Domestic", countries: ["US"], taxRate: "8.875" },
  { name: "Contract EU", countries: ["DE", "FR"], taxRate: "19" },
];

/** Each shipping route's answers, for server/contract.test.ts. */
export const shippingCases: ContractCases<typeof shippingContract> = {
  async listZones({ send }) {
    expect(Array.isArray((await send("anonymous", {}, 200)).body)).toBe(true);
  },
  async setZones({ send }) {
    const answer = await send("admin", { body: { zones: ZONES } }, 200);
    expect(answer.body).toHaveLength(2);
    await send("admin", { body: { zones: [...ZONES, { name: "Again", countries: ["US"], taxRate: "0" }] } }, 400);
  },
  async listRates({ app, send }) {
    const item = await insertMerchandise(app);
    expect((await send("admin", { params: { id: item.id } }, 200)).body).toEqual([]);
    await send("admin", { params: { id: crypto.randomUUID() } }, 404);
  },
  async setRates({ app, send }) {
    const item = await insertMerchandise(app);
    const admin = "admin" as const;
    // A zone of its own: the zones route's case may run before or after this one.
    await app.db
      .insert(shippingZones)
      .values({ name: "Contract Rates Zone", countries: ["NZ"], taxRate: "0" })
      .onConflictDoNothing();
    const rates = [{ zone: "Contract Rates Zone", first: "4.00", additional: "2.00" }];
    expect((await send(admin, { params: { id: item.id }, body: { rates } }, 200)).body).toEqual(rates);
    await send(admin, { params: { id: item.id }, body: { rates: [{ ...rates[0], zone: "Nowhere" }] } }, 400);
    await send(admin, { params: { id: crypto.randomUUID() }, body: { rates } }, 404);
  },
};
