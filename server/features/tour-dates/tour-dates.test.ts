import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { tourDates } from "@shared/tour-dates.table";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { tourDateVendorSlots } from "@shared/vendor-slots.table";
import { events } from "@shared/events.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { capturedQueries } from "../../test/captured-queries";

const ADMIN = "admin@x.test";
let app: TestApp;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN, DEFAULT_TIME_ZONE: "America/Chicago" } });
  admin = await app.signIn(ADMIN, "Ada Admin");
  member = await app.signIn("fan@x.test", "Fran Fan");
});
afterAll(() => app?.close());

const valid = { artistName: "Nova Reign", date: "2027-03-01", time: "20:00", location: "Warehouse 9, Brooklyn, NY" };

const booking = {
  vendorName: "Sam",
  vendorEmail: "sam@tacos.test",
  vendorPhone: "555-0100",
  businessName: "Sam's Tacos",
  foodType: "Tacos",
  spotType: "standard",
  amount: "150.00",
};

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
      // Rows from before the column have no zone: the setting's fills it in.
      timeZone: "America/Chicago",
      eventId: null,
      vendorSlots: { standard: null, premium: null, deluxe: null },
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

  it("deletes for an admin (204), keeping its finished vendor bookings as records without a tour date", async () => {
    const row = await insertTourDate();
    const other = await insertTourDate({ artistName: "Other" });
    const [expired, refunded, elsewhere] = await app.db
      .insert(vendorBookings)
      .values([
        { ...booking, tourDateId: row.id, paymentStatus: "expired" },
        { ...booking, tourDateId: row.id, paymentStatus: "refunded" },
        { ...booking, tourDateId: other.id, paymentStatus: "paid" },
      ])
      .returning();

    const res = await admin.delete(`/api/tour-dates/${row.id}`).expect(204);
    expect(res.text).toBe("");
    expect(await app.db.$count(tourDates, eq(tourDates.id, row.id))).toBe(0);
    expect(await app.db.$count(tourDateVendorSlots, eq(tourDateVendorSlots.tourDateId, row.id))).toBe(0);
    const kept = await app.db
      .select()
      .from(vendorBookings)
      .where(inArray(vendorBookings.id, [expired.id, refunded.id]));
    expect(kept.map((b) => [b.paymentStatus, b.tourDateId]).sort()).toEqual([
      ["expired", null],
      ["refunded", null],
    ]);
    expect((await app.db.select().from(vendorBookings).where(eq(vendorBookings.id, elsewhere.id)))[0].tourDateId).toBe(
      other.id,
    );

    // The admin list shows them without a tour date.
    const list = await admin.get("/api/vendor-bookings").expect(200);
    const listed = list.body.find((b: { id: string }) => b.id === expired.id);
    expect(listed).toMatchObject({ tourDateId: null, tourDate: null, paymentStatus: "expired" });
  });

  it.each(["paid", "pending"] as const)(
    "refuses (409) while a booking is %s, and changes nothing",
    async (paymentStatus) => {
      const row = await insertTourDate();
      await app.db.insert(vendorBookings).values({ ...booking, tourDateId: row.id, paymentStatus });
      const res = await admin.delete(`/api/tour-dates/${row.id}`).expect(409);
      expect(res.body.message).toBe("This tour date has paid or held vendor bookings. Cancel them first.");
      expect(await app.db.$count(tourDates, eq(tourDates.id, row.id))).toBe(1);
      expect(await app.db.$count(vendorBookings, eq(vendorBookings.tourDateId, row.id))).toBe(1);
    },
  );

  it("answers 404 for an unknown id (also on a second delete) and for a malformed id", async () => {
    const row = await insertTourDate();
    await admin.delete(`/api/tour-dates/${row.id}`).expect(204);
    const res = await admin.delete(`/api/tour-dates/${row.id}`).expect(404);
    expect(res.body.message).toBe("Tour date not found");
    await admin.delete("/api/tour-dates/123").expect(404);
  });
});

async function insertEvent() {
  const [row] = await app.db
    .insert(events)
    .values({
      name: "Neon Nights",
      artist: "Nova Reign",
      venue: "Warehouse 9",
      date: "2027-03-01",
      time: "20:00",
      totalTickets: 100,
      availableTickets: 100,
      ticketPrice: "25.00",
    })
    .returning();
  return row;
}

async function slotRows(tourDateId: string) {
  const rows = await app.db.select().from(tourDateVendorSlots).where(eq(tourDateVendorSlots.tourDateId, tourDateId));
  return Object.fromEntries(rows.map((r) => [r.spotType, { capacity: r.capacity, taken: r.taken }]));
}

describe("show fields: time zone, linked event, vendor slots", () => {
  it("POST stores them with the date and its three slot rows, and GET answers them", async () => {
    const event = await insertEvent();
    const res = await admin
      .post("/api/tour-dates")
      .send({ ...valid, timeZone: "Europe/Berlin", eventId: event.id, vendorSlots: { standard: 4, deluxe: 0 } })
      .expect(201);
    expect(res.body).toMatchObject({
      ...valid,
      timeZone: "Europe/Berlin",
      eventId: event.id,
      vendorSlots: { standard: 4, premium: null, deluxe: 0 },
    });
    expect(await slotRows(res.body.id)).toEqual({
      standard: { capacity: 4, taken: 0 },
      premium: { capacity: null, taken: 0 },
      deluxe: { capacity: 0, taken: 0 },
    });
    const list = await app.agent().get("/api/tour-dates").expect(200);
    expect(list.body.find((d: { id: string }) => d.id === res.body.id)).toEqual(res.body);
  });

  it("POST without them takes the default time zone, no event and the setting's slots", async () => {
    const res = await admin.post("/api/tour-dates").send(valid).expect(201);
    expect(res.body).toMatchObject({
      timeZone: "America/Chicago",
      eventId: null,
      vendorSlots: { standard: null, premium: null, deluxe: null },
    });
    const [stored] = await app.db.select().from(tourDates).where(eq(tourDates.id, res.body.id));
    expect(stored.timeZone).toBe("America/Chicago");
    expect(Object.keys(await slotRows(res.body.id)).sort()).toEqual(["deluxe", "premium", "standard"]);
  });

  it("PUT keeps what is left out, changes what is sent, and unlinks the event with null", async () => {
    const event = await insertEvent();
    const created = await admin
      .post("/api/tour-dates")
      .send({
        ...valid,
        timeZone: "Asia/Tokyo",
        eventId: event.id,
        vendorSlots: { standard: 3, premium: 2, deluxe: 1 },
      })
      .expect(201);
    const id = created.body.id;

    const kept = await admin
      .put(`/api/tour-dates/${id}`)
      .send({ ...valid, location: "Pier 4", vendorSlots: { premium: 7 } })
      .expect(200);
    expect(kept.body).toMatchObject({
      location: "Pier 4",
      timeZone: "Asia/Tokyo",
      eventId: event.id,
      vendorSlots: { standard: 3, premium: 7, deluxe: 1 },
    });

    const changed = await admin
      .put(`/api/tour-dates/${id}`)
      .send({ ...valid, timeZone: "America/Denver", eventId: null, vendorSlots: { standard: null } })
      .expect(200);
    expect(changed.body).toMatchObject({
      timeZone: "America/Denver",
      eventId: null,
      vendorSlots: { standard: null, premium: 7, deluxe: 1 },
    });
    const list = await app.agent().get("/api/tour-dates").expect(200);
    expect(list.body.find((d: { id: string }) => d.id === id)).toEqual(changed.body);
  });

  it("PUT accepts fewer slots than are taken: nothing is cancelled and the type shows none left", async () => {
    const created = await admin
      .post("/api/tour-dates")
      .send({ ...valid, vendorSlots: { standard: 5 } })
      .expect(201);
    const id = created.body.id;
    await app.db.update(tourDateVendorSlots).set({ taken: 3 }).where(eq(tourDateVendorSlots.tourDateId, id));
    await admin
      .put(`/api/tour-dates/${id}`)
      .send({ ...valid, vendorSlots: { standard: 1 } })
      .expect(200);
    const slots = await app.agent().get(`/api/tour-dates/${id}/vendor-slots`).expect(200);
    expect(slots.body[0]).toEqual({ spotType: "standard", capacity: 1, remaining: 0, soldOut: true });
    expect((await slotRows(id)).standard).toEqual({ capacity: 1, taken: 3 });
  });

  it("answers 400 for an unknown time zone, bad slot counts or an event that does not exist, writing nothing", async () => {
    const before = await app.db.$count(tourDates);
    const zone = await admin
      .post("/api/tour-dates")
      .send({ ...valid, timeZone: "Mars/Base" })
      .expect(400);
    expect(zone.body.fieldErrors).toEqual({ timeZone: ["Unknown time zone"] });
    for (const vendorSlots of [
      { standard: -1 },
      { premium: 2.5 },
      { deluxe: 10_001 },
      { gold: 3 },
      { standard: "4" },
    ]) {
      const res = await admin
        .post("/api/tour-dates")
        .send({ ...valid, vendorSlots })
        .expect(400);
      expect(Object.keys(res.body.fieldErrors)[0]).toMatch(/^vendorSlots/);
    }
    const negative = await admin
      .post("/api/tour-dates")
      .send({ ...valid, vendorSlots: { standard: -1 } })
      .expect(400);
    expect(negative.body.fieldErrors).toEqual({ "vendorSlots.standard": ["Enter a whole number from 0 to 10000"] });
    const unknown = await admin
      .post("/api/tour-dates")
      .send({ ...valid, eventId: crypto.randomUUID() })
      .expect(400);
    expect(unknown.body.message).toBe("Event not found");
    await admin
      .post("/api/tour-dates")
      .send({ ...valid, eventId: "not-an-id" })
      .expect(400);
    expect(await app.db.$count(tourDates)).toBe(before);

    const row = await insertTourDate();
    const put = await admin
      .put(`/api/tour-dates/${row.id}`)
      .send({ ...valid, location: "Changed", eventId: crypto.randomUUID() })
      .expect(400);
    expect(put.body.message).toBe("Event not found");
    await admin
      .put(`/api/tour-dates/${row.id}`)
      .send({ ...valid, location: "Changed", timeZone: "Mars/Base" })
      .expect(400);
    const [stored] = await app.db.select().from(tourDates).where(eq(tourDates.id, row.id));
    expect(stored.location).toBe(valid.location);
  });

  it("GET reads every date with its slots in one query (no N+1)", async () => {
    for (let i = 0; i < 4; i++) {
      await admin
        .post("/api/tour-dates")
        .send({ ...valid, vendorSlots: { standard: i } })
        .expect(201);
    }
    const all = await capturedQueries(app.database.pool, () => app.agent().get("/api/tour-dates").expect(200));
    expect(all.filter((text) => /tour_date/.test(text))).toHaveLength(1);
  });
});
