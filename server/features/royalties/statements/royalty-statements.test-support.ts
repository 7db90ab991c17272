import { eq, sql } from "drizzle-orm";
import { events } from "@shared/events.table";
import { merchandise } from "@shared/merchandise.table";
import { merchandiseOrderLines, merchandiseOrders } from "@shared/merchandise-orders.table";
import { payees, releases, royaltyAdvances, royaltyLines, royaltySplits, tracks } from "@shared/royalties.table";
import { ticketPurchases } from "@shared/tickets.table";
import { tourDates } from "@shared/tour-dates.table";
import { users } from "@shared/users.table";
import { vendorBookings } from "@shared/vendor-bookings.table";
import type { RoyaltyStatement } from "@shared/royalty-statements";
import type { Agent, TestApp } from "../../../test/app-harness";

// Small factories that write the catalogue, splits, advances and report lines straight into
// their tables, as the catalogue and import features would.

let counter = 0;
const next = () => ++counter;

/** A UPC-A with a valid check digit, different on every call. */
function upc(): string {
  const body = String(100_000_000_00 + next() * 7919)
    .padStart(11, "0")
    .slice(-11);
  const digits = [...body].map(Number).reverse();
  const sum = digits.reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

export async function insertPayee(
  app: TestApp,
  values: { name?: string; email?: string; artistName?: string; platformShare?: string } = {},
) {
  const n = next();
  const [payee] = await app.db
    .insert(payees)
    .values({ name: values.name ?? `Payee ${n}`, email: values.email ?? `payee${n}@royalties.test`, ...values })
    .returning();
  return payee;
}

export async function insertRelease(app: TestApp, title = `Release ${next()}`) {
  const [release] = await app.db.insert(releases).values({ title, artist: "Nova Reign", upc: upc() }).returning();
  return release;
}

export async function insertTrack(app: TestApp, releaseId: string, title = `Track ${next()}`) {
  const isrc = `USRC1${String(7000000 + next()).slice(-7)}`;
  const [track] = await app.db.insert(tracks).values({ releaseId, title, isrc }).returning();
  return track;
}

export async function insertSplit(
  app: TestApp,
  payeeId: string,
  target: { releaseId: string } | { trackId: string },
  share: string,
) {
  const [split] = await app.db
    .insert(royaltySplits)
    .values({ payeeId, share, ...target })
    .returning();
  return split;
}

export async function insertAdvance(app: TestApp, payeeId: string, amount: string, date: string) {
  const [advance] = await app.db.insert(royaltyAdvances).values({ payeeId, amount, date }).returning();
  return advance;
}

interface LineValues {
  reportedOn: string;
  amount: string;
  currency?: string;
  rate?: string;
  trackId?: string | null;
  releaseId?: string | null;
  store?: string;
  country?: string;
  isrc?: string | null;
}

/** A report line; `converted` is amount × rate, exact, as the import writes it. */
export async function insertLine(app: TestApp, values: LineValues) {
  const rate = values.rate ?? "1";
  const [line] = await app.db
    .insert(royaltyLines)
    .values({
      store: "Spotify",
      country: "US",
      quantity: 1,
      currency: "USD",
      ...values,
      rate,
      converted: sql`${values.amount}::numeric * ${rate}::numeric`,
    })
    .returning();
  return line;
}

/** `count` identical lines in one statement (a distributor's micro-payments). */
export async function insertManyLines(app: TestApp, count: number, values: LineValues) {
  await app.db.execute(sql`
    insert into royalty_lines (reported_on, store, country, quantity, currency, amount, rate, converted, track_id, release_id)
    select ${values.reportedOn}, 'Spotify', 'US', 1, 'USD', ${values.amount}, 1, ${values.amount}::numeric,
      ${values.trackId ?? null}, ${values.releaseId ?? null}
    from generate_series(1, ${count})`);
}

/** Income the platform took for `artist` on `paidAt`: a ticket order, a shop order line and a vendor booking. */
export async function insertPlatformSales(
  app: TestApp,
  artist: string,
  paidAt: Date,
  amounts: { tickets: string; merchandise: { unitPrice: string; quantity: number }; vendorSlot: string },
) {
  const n = next();
  const [buyer] = await app.db
    .insert(users)
    .values({ email: `buyer${n}@royalties.test` })
    .onConflictDoNothing()
    .returning();
  const buyerId =
    buyer?.id ??
    (
      await app.db
        .select()
        .from(users)
        .where(eq(users.email, `buyer${n}@royalties.test`))
    )[0].id;
  const [event] = await app.db
    .insert(events)
    .values({
      name: `Show ${n}`,
      artist,
      venue: "Warehouse 9",
      date: "2031-01-01",
      time: "20:00",
      totalTickets: 100,
      availableTickets: 90,
      ticketPrice: "10.00",
    })
    .returning();
  await app.db.insert(ticketPurchases).values({
    eventId: event.id,
    userId: buyerId,
    quantity: 1,
    totalAmount: amounts.tickets,
    status: "confirmed",
    confirmationCode: `ROY${n}XYZ${Date.now() % 100000}`,
    paidAt,
  });
  const [item] = await app.db
    .insert(merchandise)
    .values({ name: `Shirt ${n}`, price: amounts.merchandise.unitPrice, artist })
    .returning();
  const [order] = await app.db
    .insert(merchandiseOrders)
    .values({
      totalAmount: amounts.merchandise.unitPrice,
      customerEmail: `buyer${n}@royalties.test`,
      paymentStatus: "paid",
      status: "paid",
      paidAt,
    })
    .returning();
  await app.db.insert(merchandiseOrderLines).values({
    orderId: order.id,
    merchandiseId: item.id,
    sku: `SHIRT-${n}`,
    itemName: item.name,
    quantity: amounts.merchandise.quantity,
    unitPrice: amounts.merchandise.unitPrice,
  });
  const [tourDate] = await app.db
    .insert(tourDates)
    .values({ artistName: artist, date: "2031-01-01", time: "20:00", location: "Berlin" })
    .returning();
  await app.db.insert(vendorBookings).values({
    tourDateId: tourDate.id,
    vendorName: "Vendor",
    vendorEmail: `vendor${n}@royalties.test`,
    vendorPhone: "+100000000",
    businessName: "Tacos",
    foodType: "Mexican",
    spotType: "standard",
    amount: amounts.vendorSlot,
    paymentStatus: "paid",
    createdAt: paidAt,
  });
}

/** POST /api/royalty-periods as `admin`: the new period's id. */
export async function postPeriod(admin: Agent, start: string, end: string): Promise<string> {
  return (await admin.post("/api/royalty-periods").send({ start, end }).expect(201)).body.id;
}

/** POST /api/royalty-periods/{id}/close as `admin`: the closed period. */
export async function postClose(admin: Agent, periodId: string) {
  return (await admin.post(`/api/royalty-periods/${periodId}/close`).expect(200)).body;
}

/** The statement of `payeeId` in the period, as the administrators' list shows it. */
export async function getStatementOf(
  admin: Agent,
  periodId: string,
  payeeId: string,
): Promise<RoyaltyStatement | undefined> {
  const res = await admin.get(`/api/royalty-periods/${periodId}/statements`).expect(200);
  return (res.body as RoyaltyStatement[]).find((s) => s.payeeId === payeeId);
}

/** A period opened and closed at once: its id and its statements. */
export async function closedPeriod(admin: Agent, start: string, end: string) {
  const periodId = await postPeriod(admin, start, end);
  await postClose(admin, periodId);
  const res = await admin.get(`/api/royalty-periods/${periodId}/statements`).expect(200);
  return { periodId, statements: res.body as RoyaltyStatement[] };
}

/** A payee with `share` % of one new release. */
export async function soleArtist(app: TestApp, share = "100", payee: { name?: string; email?: string } = {}) {
  const owner = await insertPayee(app, payee);
  const release = await insertRelease(app);
  await insertSplit(app, owner.id, { releaseId: release.id }, share);
  return { payee: owner, release };
}
