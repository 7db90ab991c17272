import crypto from "node:crypto";
import { expect } from "vitest";
import type { tourDatesContract } from "@shared/tour-dates";
import { tourDates } from "@shared/tour-dates.table";
import { vendorBookings } from "@shared/vendor-bookings.table";
import type { ContractCases } from "../../test/contract-harness";
import type { TestApp } from "../../test/app-harness";

const tourDate = { artistName: "Nova Reign", date: "2027-03-01", time: "20:00", location: "Warehouse 9, Brooklyn, NY" };

async function insertTourDate(app: TestApp) {
  const [row] = await app.db.insert(tourDates).values(tourDate).returning();
  return row;
}

/** Each tour-date route's answers, for server/contract.test.ts. */
export const tourDatesCases: ContractCases<typeof tourDatesContract> = {
  async list({ app, send }) {
    await insertTourDate(app);
    expect((await send("anonymous", {}, 200)).body).not.toEqual([]);
  },
  async create({ send }) {
    await send("admin", { body: { ...tourDate, vendorSlots: { premium: 3 } } }, 201);
    await send("admin", { body: { ...tourDate, artistName: "" } }, 400);
  },
  async update({ app, send }) {
    const row = await insertTourDate(app);
    await send("admin", { params: { id: row.id }, body: { ...tourDate, timeZone: "Europe/Berlin" } }, 200);
    await send("admin", { params: { id: row.id }, body: { ...tourDate, date: "" } }, 400);
    await send("admin", { params: { id: crypto.randomUUID() }, body: tourDate }, 404);
  },
  async remove({ app, send }) {
    const booked = await insertTourDate(app);
    await app.db.insert(vendorBookings).values({
      vendorName: "Sam",
      vendorEmail: "sam@tacos.test",
      vendorPhone: "555-0100",
      businessName: "Sam's Tacos",
      foodType: "Tacos",
      spotType: "standard",
      amount: "150.00",
      tourDateId: booked.id,
      paymentStatus: "paid",
    });
    await send("admin", { params: { id: booked.id } }, 409);
    const row = await insertTourDate(app);
    await send("admin", { params: { id: row.id } }, 204);
    await send("admin", { params: { id: row.id } }, 404);
  },
  async vendorSlotsOf({ app, send }) {
    const row = await insertTourDate(app);
    const answer = await send("anonymous", { query: { ids: `${row.id},${crypto.randomUUID()}` } }, 200);
    expect(Object.keys(answer.body as object)).toEqual([row.id]);
    await send("anonymous", { query: { ids: "not-an-id" } }, 400);
  },
  async vendorSlots({ app, send }) {
    const row = await insertTourDate(app);
    expect((await send("anonymous", { params: { id: row.id } }, 200)).body).toHaveLength(3);
    await send("anonymous", { params: { id: crypto.randomUUID() } }, 404);
  },
};
