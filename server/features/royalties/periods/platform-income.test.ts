import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { royaltyLines } from "@shared/royalties.table";
import { ticketPurchases } from "@shared/tickets.table";
import type { Agent, TestApp } from "../../../test/app-harness";
import { startRoyaltiesApp } from "../royalties.test-support";
import {
  getStatementOf,
  insertPayee,
  insertPlatformSales,
  postClose,
  postPeriod,
} from "../statements/royalty-statements.test-support";

const ADMIN = "admin@platform-income.test";

let app: TestApp, admin: Agent;
beforeAll(async () => ({ app, admin } = await startRoyaltiesApp(ADMIN)));
afterAll(() => app?.close());

const earned = async (periodId: string, payeeId: string) => (await getStatementOf(admin, periodId, payeeId))?.earned;

const sales = (tickets: string) => ({
  tickets,
  merchandise: { unitPrice: "0.00", quantity: 1 },
  vendorSlot: "0.00",
});

const addIncome = (periodId: string) => admin.post(`/api/royalty-periods/${periodId}/platform-income`);

describe("the platform's own income after a close", () => {
  it("counts a refund after the close as a new line in the next period", async () => {
    const payee = await insertPayee(app, { artistName: "Echo Finch", platformShare: "50" });
    await insertPlatformSales(app, "Echo Finch", new Date("2081-03-10T12:00:00Z"), sales("100.00"));
    const first = await postPeriod(admin, "2081-01-01", "2081-12-31");
    await addIncome(first).expect(200);
    await admin.post(`/api/royalty-periods/${first}/close`).expect(200);
    expect(await earned(first, payee.id)).toBe("50.00");

    // The ticket order is refunded after the close.
    const [order] = await app.db
      .select({ id: ticketPurchases.id })
      .from(ticketPurchases)
      .where(eq(ticketPurchases.totalAmount, "100.00"));
    await app.db.update(ticketPurchases).set({ status: "cancelled" }).where(eq(ticketPurchases.id, order.id));
    const next = await postPeriod(admin, "2082-01-01", "2082-12-31");
    const added = await addIncome(next).expect(200);
    expect(added.body.lines).toContainEqual({ payeeId: payee.id, source: "tickets", amount: "-100.00" });
    // Added twice, still counted once.
    await addIncome(next).expect(200);
    await admin.post(`/api/royalty-periods/${next}/close`).expect(200);
    expect(await earned(next, payee.id)).toBe("-50.00");
    expect(await earned(first, payee.id)).toBe("50.00");
  });

  it("never changes a line a closed period claimed: what changed since becomes a new line", async () => {
    const payee = await insertPayee(app, { artistName: "Ivo Lark", platformShare: "50" });
    await insertPlatformSales(app, "Ivo Lark", new Date("2083-03-10T12:00:00Z"), sales("100.00"));
    const earlier = await postPeriod(admin, "2083-01-01", "2083-12-31");
    const later = await postPeriod(admin, "2084-01-01", "2084-12-31");
    await addIncome(earlier).expect(200);
    // The later period closes first and claims the earlier period's line (dated before its end).
    await admin.post(`/api/royalty-periods/${later}/close`).expect(200);
    expect(await earned(later, payee.id)).toBe("50.00");

    await insertPlatformSales(app, "Ivo Lark", new Date("2083-04-10T12:00:00Z"), sales("30.00"));
    await addIncome(earlier).expect(200);
    const lines = await app.db
      .select({ amount: royaltyLines.amount, periodId: royaltyLines.periodId })
      .from(royaltyLines)
      .where(sql`${royaltyLines.payeeId} = ${payee.id} and ${royaltyLines.source} = 'tickets'`);
    expect(lines).toEqual(
      expect.arrayContaining([
        { amount: "100.000000", periodId: later },
        { amount: "30.000000", periodId: null },
      ]),
    );
    expect(lines).toHaveLength(2);
    await admin.post(`/api/royalty-periods/${earlier}/close`).expect(200);
    expect(await earned(earlier, payee.id)).toBe("15.00");
  });

  it("splits an artist's income among the payees sharing its name by their shares, never more than 100 %", async () => {
    const one = await insertPayee(app, { artistName: "Twin Sol", platformShare: "60" });
    const other = await insertPayee(app, { artistName: "twin sol", platformShare: "60" });
    await insertPlatformSales(app, "Twin Sol", new Date("2085-03-10T12:00:00Z"), sales("200.00"));
    const p = await postPeriod(admin, "2085-01-01", "2085-12-31");
    const refused = await addIncome(p).expect(409);
    expect(refused.body.message).toBe(
      "The payees of Twin Sol have platform shares of 120 % in all: at most 100 % of an artist's platform income " +
        "can be shared. Change their shares first.",
    );
    await app.db.execute(sql`update payees set platform_share = 40 where id = ${other.id}`);
    await addIncome(p).expect(200);
    // Raised again after the income was added: the closing refuses too.
    await app.db.execute(sql`update payees set platform_share = 50 where id = ${other.id}`);
    const closing = await admin.post(`/api/royalty-periods/${p}/close`).expect(409);
    expect(closing.body.message).toMatch(/^The payees of Twin Sol have platform shares of 110 % in all/);
    await app.db.execute(sql`update payees set platform_share = 40 where id = ${other.id}`);
    await admin.post(`/api/royalty-periods/${p}/close`).expect(200);
    expect(await earned(p, one.id)).toBe("120.00");
    expect(await earned(p, other.id)).toBe("80.00");
  });
});

describe("the platform's own income", () => {
  it("keeps the artist an administrator gives a merchandise item", async () => {
    const created = await admin
      .post("/api/merchandise")
      .send({ name: "Luna Tee", price: "25.00", artist: "Luna Vale" })
      .expect(201);
    expect(created.body.artist).toBe("Luna Vale");
    const cleared = await admin.patch(`/api/merchandise/${created.body.id}`).send({ artist: "" }).expect(200);
    expect(cleared.body.artist).toBeNull();
  });

  it("credits each artist's payee with tickets, merchandise and vendor slots paid in the period, once", async () => {
    const payee = await insertPayee(app, { artistName: "Luna Vale", platformShare: "10" });
    await insertPlatformSales(app, "luna vale", new Date("2015-03-10T12:00:00Z"), {
      tickets: "45.00",
      merchandise: { unitPrice: "20.00", quantity: 2 },
      vendorSlot: "150.00",
    });
    await insertPlatformSales(app, "Luna Vale", new Date("2016-03-10T12:00:00Z"), {
      tickets: "99.00",
      merchandise: { unitPrice: "99.00", quantity: 1 },
      vendorSlot: "99.00",
    });
    const p = await postPeriod(admin, "2015-01-01", "2015-12-31");
    const first = await admin.post(`/api/royalty-periods/${p}/platform-income`).expect(200);
    const mine = (first.body.lines as { payeeId: string }[]).filter((line) => line.payeeId === payee.id);
    expect(mine).toEqual(
      expect.arrayContaining([
        { payeeId: payee.id, source: "tickets", amount: "45.00" },
        { payeeId: payee.id, source: "merchandise", amount: "40.00" },
        { payeeId: payee.id, source: "vendor-slots", amount: "150.00" },
      ]),
    );
    await admin.post(`/api/royalty-periods/${p}/platform-income`).expect(200);
    const stored = await app.db.select().from(royaltyLines).where(eq(royaltyLines.payeeId, payee.id));
    expect(stored).toHaveLength(3);
    expect(stored.map((line) => line.store).sort()).toEqual(["Merchandise", "Tickets", "Vendor slots"]);
    await postClose(admin, p);
    // 10 % of 235.00
    expect((await getStatementOf(admin, p, payee.id))!.earned).toBe("23.50");
    const closed = await admin.post(`/api/royalty-periods/${p}/platform-income`).expect(409);
    expect(closed.body.message).toBe("This period is closed: its statements are locked");
  });
});
