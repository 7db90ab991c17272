import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tourDates } from "@shared/tour-dates";
import { vendorBookings } from "@shared/vendor-bookings";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";

const ADMIN = "admin@x.test";
let app: TestApp;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await app.signIn(ADMIN, "Ada Admin");
  member = await app.signIn("fan@x.test", "Fran Fan");
});
afterAll(() => app?.close());

const valid = { artistName: "Nova Reign", date: "2027-03-01", time: "20:00", location: "Warehouse 9, Brooklyn, NY" };

async function insertTourDate(values: Partial<typeof valid> = {}) {
  const [row] = await app.db
    .insert(tourDates)
    .values({ ...valid, ...values })
    .returning();
  return row;
}

describe("GET /api/tour-dates (public)", () => {
  it("answers signed-out visitors with the dates ordered by date, then time", async () => {
    await app.db.delete(tourDates);
    await insertTourDate({ artistName: "Late", date: "2027-05-01", time: "21:00" });
    await insertTourDate({ artistName: "Evening", date: "2027-04-01", time: "20:00" });
    await insertTourDate({ artistName: "Afternoon", date: "2027-04-01", time: "14:30" });
    const res = await app.agent().get("/api/tour-dates").expect(200);
    expect(res.body.map((d: { artistName: string }) => d.artistName)).toEqual(["Afternoon", "Evening", "Late"]);
    expect(res.body[0]).toEqual({
      id: expect.any(String),
      artistName: "Afternoon",
      date: "2027-04-01",
      time: "14:30",
      location: valid.location,
      createdAt: expect.any(String),
    });
  });

  it("answers an empty list as []", async () => {
    await app.db.delete(tourDates);
    const res = await app.agent().get("/api/tour-dates").expect(200);
    expect(res.body).toEqual([]);
  });
});

describe("POST /api/tour-dates", () => {
  it("refuses signed-out visitors (401) and members (403)", async () => {
    await app.agent().post("/api/tour-dates").send(valid).expect(401);
    const res = await member.post("/api/tour-dates").send(valid).expect(403);
    expect(res.body.message).toBe("Administrator access required");
  });

  it("creates a tour date for an admin (201 with the row), dropping unknown fields", async () => {
    const res = await admin
      .post("/api/tour-dates")
      .send({ ...valid, id: "forged", createdAt: "1999-01-01" })
      .expect(201);
    expect(res.body).toMatchObject(valid);
    expect(res.body.id).not.toBe("forged");
    const [stored] = await app.db.select().from(tourDates).where(eq(tourDates.id, res.body.id));
    expect(stored).toMatchObject(valid);
  });

  it("answers 400 with a message per missing or blank field", async () => {
    const res = await admin.post("/api/tour-dates").send({ artistName: "  ", date: "2027-01-01" }).expect(400);
    expect(res.body.fieldErrors).toEqual({ artistName: ["Required"], time: ["Required"], location: ["Required"] });
  });
});

describe("PUT /api/tour-dates/:id", () => {
  it("refuses signed-out visitors (401) and members (403) without changing the row", async () => {
    const row = await insertTourDate();
    await app
      .agent()
      .put(`/api/tour-dates/${row.id}`)
      .send({ ...valid, location: "X" })
      .expect(401);
    await member
      .put(`/api/tour-dates/${row.id}`)
      .send({ ...valid, location: "X" })
      .expect(403);
    const [stored] = await app.db.select().from(tourDates).where(eq(tourDates.id, row.id));
    expect(stored.location).toBe(valid.location);
  });

  it("replaces the tour date for an admin (200 with the row)", async () => {
    const row = await insertTourDate();
    const next = { artistName: "Marisol Vega", date: "2027-06-02", time: "19:30", location: "The Blue Lantern" };
    const res = await admin.put(`/api/tour-dates/${row.id}`).send(next).expect(200);
    expect(res.body).toMatchObject({ id: row.id, ...next });
  });

  it("answers 400 with field errors for an incomplete body", async () => {
    const row = await insertTourDate();
    const res = await admin.put(`/api/tour-dates/${row.id}`).send({ artistName: "Only a name" }).expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(["date", "location", "time"]);
  });

  it("answers 404 for an unknown id and for a malformed id", async () => {
    const res = await admin.put(`/api/tour-dates/${crypto.randomUUID()}`).send(valid).expect(404);
    expect(res.body.message).toBe("Tour date not found");
    await admin.put("/api/tour-dates/not-a-uuid").send(valid).expect(404);
  });
});

describe("DELETE /api/tour-dates/:id", () => {
  it("refuses signed-out visitors (401) and members (403)", async () => {
    const row = await insertTourDate();
    await app.agent().delete(`/api/tour-dates/${row.id}`).expect(401);
    await member.delete(`/api/tour-dates/${row.id}`).expect(403);
    expect(await app.db.$count(tourDates, eq(tourDates.id, row.id))).toBe(1);
  });

  it("deletes for an admin (204) together with the date's vendor bookings", async () => {
    const row = await insertTourDate();
    const other = await insertTourDate({ artistName: "Other" });
    const booking = {
      vendorName: "Sam",
      vendorEmail: "sam@tacos.test",
      vendorPhone: "555-0100",
      businessName: "Sam's Tacos",
      foodType: "Tacos",
      spotType: "standard",
      amount: "150.00",
    };
    await app.db.insert(vendorBookings).values([
      { ...booking, tourDateId: row.id },
      { ...booking, tourDateId: other.id },
    ]);

    const res = await admin.delete(`/api/tour-dates/${row.id}`).expect(204);
    expect(res.text).toBe("");
    expect(await app.db.$count(tourDates, eq(tourDates.id, row.id))).toBe(0);
    expect(await app.db.$count(vendorBookings, eq(vendorBookings.tourDateId, row.id))).toBe(0);
    expect(await app.db.$count(vendorBookings, eq(vendorBookings.tourDateId, other.id))).toBe(1);
  });

  it("answers 404 for an unknown id (also on a second delete) and for a malformed id", async () => {
    const row = await insertTourDate();
    await admin.delete(`/api/tour-dates/${row.id}`).expect(204);
    const res = await admin.delete(`/api/tour-dates/${row.id}`).expect(404);
    expect(res.body.message).toBe("Tour date not found");
    await admin.delete("/api/tour-dates/123").expect(404);
  });
});
