import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { vendorBookings } from "@shared/vendor-bookings.table";
import { VENDOR_SLOT_SOLD_OUT_MESSAGE } from "@shared/vendor-slots";
import { tourDateVendorSlots } from "@shared/vendor-slots.table";
import {
  ADMIN_EMAIL,
  insertTourDate,
  intentIdOf,
  postWebhook,
  setUpPaymentsApp,
  vendorBookingData,
} from "../../test/payments";

const payments = setUpPaymentsApp({
  env: {
    // Each booking below comes from an address of its own (X-Forwarded-For through the proxy on loopback).
    TRUST_PROXY: "loopback",
    VENDOR_SLOTS_PER_TYPE: "4",
    // The checkout-holds-release job runs every second.
    JOBS_SWEEP_INTERVAL_MS: "1000",
    JOBS_POLL_INTERVAL_MS: "500",
  },
  workers: true,
});

let vendorCounter = 0;

/** Starts a booking as a vendor of its own (address and e-mail), so the unpaid-hold limits stay out of the way. */
function book(tourDateId: string, overrides: Record<string, unknown> = {}, amount?: unknown) {
  vendorCounter += 1;
  const data = vendorBookingData(tourDateId, { vendorEmail: `vendor${vendorCounter}@food.test`, ...overrides });
  return payments.app
    .agent()
    .post("/api/create-vendor-payment-intent")
    .set("X-Forwarded-For", `198.51.100.${vendorCounter % 250}`)
    .send({ amount: amount ?? data.amount, vendorBookingData: data });
}

async function held(tourDateId: string, overrides: Record<string, unknown> = {}) {
  const res = await book(tourDateId, overrides).expect(201);
  const intentId = intentIdOf(res.body.clientSecret);
  return { intentId, bookingId: payments.stripe.intents.get(intentId)!.metadata.vendorBookingId };
}

/** A show offering `capacity` standard slots (premium and deluxe follow the setting). */
async function showWith(capacity: number | null) {
  const tour = await insertTourDate(payments.app);
  await payments.app.db.insert(tourDateVendorSlots).values([
    { tourDateId: tour.id, spotType: "standard", capacity },
    { tourDateId: tour.id, spotType: "premium", capacity: null },
    { tourDateId: tour.id, spotType: "deluxe", capacity: null },
  ]);
  return tour;
}

async function availability(tourDateId: string) {
  const res = await payments.app.agent().get(`/api/tour-dates/${tourDateId}/vendor-slots`).expect(200);
  return Object.fromEntries(
    (res.body as { spotType: string; capacity: number; remaining: number; soldOut: boolean }[]).map((row) => [
      row.spotType,
      row,
    ]),
  );
}

async function booking(id: string) {
  const [row] = await payments.app.db.select().from(vendorBookings).where(eq(vendorBookings.id, id));
  return row;
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every counter equals its paid and pending bookings (docs/decisions/019-vendor-slots.md). */
async function countersMismatching() {
  const { rows } = await payments.app.database.pool.query(`
    select s.tour_date_id, s.spot_type, s.taken, count(b.id)::integer as standing
    from tour_date_vendor_slots s
    left join vendor_bookings b on b.tour_date_id = s.tour_date_id and b.spot_type = s.spot_type
      and b.payment_status in ('paid', 'pending')
    group by s.tour_date_id, s.spot_type, s.taken
    having s.taken <> count(b.id)`);
  return rows;
}

describe("vendor slots per spot type", () => {
  it("sells the last slot once: of 20 vendors at once, one gets it and nineteen hear it is sold out", async () => {
    const tour = await showWith(3);
    await held(tour.id);
    await held(tour.id);
    const intentsBefore = payments.stripe.intents.size;

    const answers = await Promise.all(Array.from({ length: 20 }, () => book(tour.id)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(res.body.message).toBe(VENDOR_SLOT_SOLD_OUT_MESSAGE);
    }
    expect(payments.stripe.intents.size).toBe(intentsBefore + 1);
    expect(await payments.app.db.$count(vendorBookings, eq(vendorBookings.tourDateId, tour.id))).toBe(3);

    const slots = await availability(tour.id);
    expect(slots.standard).toEqual({ spotType: "standard", capacity: 3, remaining: 0, soldOut: true });
    // The other types follow the VENDOR_SLOTS_PER_TYPE setting.
    expect(slots.premium).toEqual({ spotType: "premium", capacity: 4, remaining: 4, soldOut: false });
    expect(await countersMismatching()).toEqual([]);
  });

  it("refuses a sold-out type whatever the client sends, writing nothing and asking Stripe nothing", async () => {
    const tour = await showWith(0);
    const intentsBefore = payments.stripe.intents.size;
    expect((await book(tour.id).expect(409)).body.message).toBe(VENDOR_SLOT_SOLD_OUT_MESSAGE);
    // A forged price is refused as always; forged status fields are dropped and change nothing.
    await book(tour.id, { amount: 1 }, 1).expect(400);
    await book(tour.id, { paymentStatus: "paid", capacity: 99, taken: 0 }).expect(409);
    // Another type of the same show still sells.
    await book(tour.id, { spotType: "premium", amount: 300 }).expect(201);
    expect(payments.stripe.intents.size).toBe(intentsBefore + 1);
    const rows = await payments.app.db.select().from(vendorBookings).where(eq(vendorBookings.tourDateId, tour.id));
    expect(rows.map((r) => r.spotType)).toEqual(["premium"]);
  });

  it("offers the setting's slots on a show without slot rows (older data) and books it", async () => {
    const tour = await insertTourDate(payments.app);
    expect((await availability(tour.id)).deluxe).toEqual({
      spotType: "deluxe",
      capacity: 4,
      remaining: 4,
      soldOut: false,
    });
    await held(tour.id, { spotType: "deluxe", amount: 500 });
    expect((await availability(tour.id)).deluxe.remaining).toBe(3);
    expect(await countersMismatching()).toEqual([]);
  });

  it("answers the availability to anyone, live and never cached, and 404 for an unknown show", async () => {
    const tour = await showWith(2);
    const res = await payments.app.agent().get(`/api/tour-dates/${tour.id}/vendor-slots`).expect(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.map((row: { spotType: string }) => row.spotType)).toEqual(["standard", "premium", "deluxe"]);
    await held(tour.id);
    expect((await availability(tour.id)).standard.remaining).toBe(1);
    const missing = await payments.app.agent().get(`/api/tour-dates/${crypto.randomUUID()}/vendor-slots`).expect(404);
    expect(missing.body.message).toBe("Tour date not found");
    await payments.app.agent().get("/api/tour-dates/not-a-uuid/vendor-slots").expect(404);
  });

  it("answers several shows' slots in one call, live, leaving out ids that name no show", async () => {
    const booked = await showWith(2);
    const older = await insertTourDate(payments.app);
    await held(booked.id);
    const unknown = crypto.randomUUID();
    const res = await payments.app
      .agent()
      .get(`/api/tour-dates/vendor-slots?ids=${booked.id},${older.id.toUpperCase()},${unknown},${booked.id}`)
      .expect(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(Object.keys(res.body).sort()).toEqual([booked.id, older.id].sort());
    expect(res.body[booked.id]).toEqual([
      { spotType: "standard", capacity: 2, remaining: 1, soldOut: false },
      { spotType: "premium", capacity: 4, remaining: 4, soldOut: false },
      { spotType: "deluxe", capacity: 4, remaining: 4, soldOut: false },
    ]);
    // A show without slot rows offers the setting's count of every type.
    expect(res.body[older.id].map((slot: { capacity: number }) => slot.capacity)).toEqual([4, 4, 4]);
  });

  it("refuses a missing, malformed or too long list of shows with 400", async () => {
    const agent = payments.app.agent();
    const asked = async (query: string) => (await agent.get(`/api/tour-dates/vendor-slots${query}`).expect(400)).body;
    expect((await asked("")).fieldErrors.ids).toEqual(["List 1 to 100 tour date ids, separated by commas"]);
    expect((await asked("?ids=not-a-uuid")).message).toMatch(/^Invalid query: ids/);
    const many = Array.from({ length: 101 }, () => crypto.randomUUID()).join(",");
    expect((await asked(`?ids=${many}`)).fieldErrors.ids).toEqual(["List 1 to 100 tour date ids, separated by commas"]);
  });
});

describe("holds that end give their slot back", () => {
  it("holds left unpaid expire through the scheduled job, and their slots sell again", async () => {
    const tour = await showWith(2);
    const first = await held(tour.id);
    const second = await held(tour.id);
    await book(tour.id).expect(409);
    await payments.app.db
      .update(vendorBookings)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(vendorBookings.tourDateId, tour.id));
    await eventually(async () => (await booking(second.bookingId)).paymentStatus === "expired");
    expect((await booking(first.bookingId)).paymentStatus).toBe("expired");
    // Both holds of the type count: the counter drops by two in the one statement.
    expect((await availability(tour.id)).standard.remaining).toBe(2);
    await book(tour.id).expect(201);
    expect(await countersMismatching()).toEqual([]);
  });

  it("keeps a hold that has not run out", async () => {
    const tour = await showWith(1);
    const { bookingId } = await held(tour.id);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // two sweeps
    expect((await booking(bookingId)).paymentStatus).toBe("pending");
    expect((await availability(tour.id)).standard.remaining).toBe(0);
  });

  it("a declined card keeps the slot while the same PaymentIntent can still be paid, and the next card pays it", async () => {
    const tour = await showWith(1);
    const first = await held(tour.id);
    payments.stripe.fail(first.intentId);
    await postWebhook(
      payments.app.agent(),
      payments.stripe.event("payment_intent.payment_failed", first.intentId),
    ).expect(200);
    expect((await booking(first.bookingId)).paymentStatus).toBe("pending");
    expect((await availability(tour.id)).standard).toMatchObject({ remaining: 0, soldOut: true });
    await book(tour.id).expect(409);

    payments.stripe.succeed(first.intentId);
    await postWebhook(payments.app.agent(), payments.stripe.event("payment_intent.succeeded", first.intentId)).expect(
      200,
    );
    expect((await booking(first.bookingId)).paymentStatus).toBe("paid");
    const [slot] = await payments.app.db
      .select()
      .from(tourDateVendorSlots)
      .where(sql`${tourDateVendorSlots.tourDateId} = ${tour.id} and ${tourDateVendorSlots.spotType} = 'standard'`);
    expect(slot).toMatchObject({ capacity: 1, taken: 1 });
    expect(await countersMismatching()).toEqual([]);
  });

  it("a payment that succeeds after its hold expired and the slot sold again is honoured beyond the slots", async () => {
    const tour = await showWith(1);
    const first = await held(tour.id);
    await payments.app.db
      .update(vendorBookings)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(vendorBookings.id, first.bookingId));
    await eventually(async () => (await booking(first.bookingId)).paymentStatus === "expired");
    const second = await held(tour.id);
    payments.stripe.succeed(first.intentId);
    await postWebhook(payments.app.agent(), payments.stripe.event("payment_intent.succeeded", first.intentId)).expect(
      200,
    );
    expect((await booking(first.bookingId)).paymentStatus).toBe("paid");
    expect((await booking(second.bookingId)).paymentStatus).toBe("pending");
    const [slot] = await payments.app.db
      .select()
      .from(tourDateVendorSlots)
      .where(sql`${tourDateVendorSlots.tourDateId} = ${tour.id} and ${tourDateVendorSlots.spotType} = 'standard'`);
    expect(slot).toMatchObject({ capacity: 1, taken: 2 });
    expect((await availability(tour.id)).standard).toMatchObject({ remaining: 0, soldOut: true });
    expect(await countersMismatching()).toEqual([]);
  });

  it("a refund reported before the payment's success gives the slot back once, and the success never books it", async () => {
    const tour = await showWith(1);
    const { intentId, bookingId } = await held(tour.id);
    payments.stripe.succeed(intentId);
    const [succeeded] = payments.stripe.eventsOf(intentId);
    const refunded = payments.stripe.chargeRefunded(intentId);
    await postWebhook(payments.app.agent(), refunded).expect(200);
    await postWebhook(payments.app.agent(), refunded).expect(200);
    expect((await booking(bookingId)).paymentStatus).toBe("refunded");
    expect((await availability(tour.id)).standard.remaining).toBe(1);

    await postWebhook(payments.app.agent(), succeeded).expect(200);
    const completion = await payments.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: intentId })
      .expect(409);
    expect(completion.body.message).toBe("This payment was refunded. The booking is not confirmed.");
    expect((await booking(bookingId)).paymentStatus).toBe("refunded");
    expect((await availability(tour.id)).standard.remaining).toBe(1);
    expect(await countersMismatching()).toEqual([]);
  });

  it("a late payment of an expired hold is honoured through the completion call and takes its slot again", async () => {
    const tour = await showWith(2);
    const { intentId, bookingId } = await held(tour.id);
    await payments.app.db
      .update(vendorBookings)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(vendorBookings.id, bookingId));
    await eventually(async () => (await booking(bookingId)).paymentStatus === "expired");
    expect((await availability(tour.id)).standard.remaining).toBe(2);

    payments.stripe.succeed(intentId);
    const res = await payments.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: intentId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: bookingId, paymentStatus: "paid" });
    expect((await availability(tour.id)).standard.remaining).toBe(1);
    // Completing again changes nothing.
    await payments.app
      .agent()
      .post("/api/complete-vendor-booking-payment")
      .send({ paymentIntentId: intentId })
      .expect(200);
    expect((await availability(tour.id)).standard.remaining).toBe(1);
    expect(await countersMismatching()).toEqual([]);
  });

  it("a booking whose PaymentIntent cannot be made gives its slot back", async () => {
    const tour = await showWith(1);
    payments.stripe.failNextCreates(1);
    await book(tour.id).expect(502);
    expect(await payments.app.db.$count(vendorBookings, eq(vendorBookings.tourDateId, tour.id))).toBe(0);
    expect((await availability(tour.id)).standard.remaining).toBe(1);
    await book(tour.id).expect(201);
  });
});

describe("deleting a show while a vendor books it", () => {
  /** Whether a backend of this test database waits for a lock in a statement matching `pattern`. */
  async function waitingOn(pattern: string): Promise<boolean> {
    const { rows } = await payments.app.database.pool.query(
      `select count(*)::integer as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and query ilike $1`,
      [pattern],
    );
    return rows[0].n > 0;
  }

  it("waits for a booking in progress and then refuses, so no paid or held booking loses its show", async () => {
    const admin = await payments.app.signIn(ADMIN_EMAIL);
    const tour = await showWith(null);
    // Hold the slot row, so the booking stops half-way: after it has looked at the show, before it commits.
    const blocker = await payments.app.database.pool.connect();
    try {
      await blocker.query("begin");
      await blocker.query(
        "select 1 from tour_date_vendor_slots where tour_date_id = $1 and spot_type = 'standard' for update",
        [tour.id],
      );
      const booking = book(tour.id).then((res) => res);
      await eventually(() => waitingOn('%update "tour_date_vendor_slots"%'));
      const deletion = admin.delete(`/api/tour-dates/${tour.id}`).then((res) => res);
      // The delete waits for the booking's share lock on the show.
      await eventually(() => waitingOn('%from "tour_dates"%for update%'));
      await blocker.query("rollback");
      expect((await booking).status).toBe(201);
      const deleted = await deletion;
      expect(deleted.status).toBe(409);
      expect(deleted.body.message).toBe("This tour date has paid or held vendor bookings. Cancel them first.");
    } finally {
      blocker.release();
    }
    expect(await payments.app.db.$count(vendorBookings, eq(vendorBookings.tourDateId, tour.id))).toBe(1);
    expect(await countersMismatching()).toEqual([]);
  });

  it("a booking that arrives after the delete finds no show (404)", async () => {
    const admin = await payments.app.signIn(ADMIN_EMAIL);
    const tour = await showWith(null);
    await admin.delete(`/api/tour-dates/${tour.id}`).expect(204);
    expect((await book(tour.id).expect(404)).body.message).toBe("Tour date not found");
  });
});
