import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { royaltyLines } from "@shared/royalties.table";
import type { RoyaltyStatement } from "@shared/royalty-statements";
import { ticketPurchases } from "@shared/tickets.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { insertPayee, insertPlatformSales } from "./royalty-statements.test-support";

const ADMIN = "admin@platform-income.test";

let app: TestApp;
let admin: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: ADMIN } });
  admin = await app.signIn(ADMIN);
});
afterAll(async () => {
  await app?.close();
});

async function period(start: string, end: string): Promise<string> {
  return (await admin.post("/api/royalty-periods").send({ start, end }).expect(201)).body.id;
}

async function earned(periodId: string, payeeId: string): Promise<string | undefined> {
  const res = await admin.get(`/api/royalty-periods/${periodId}/statements`).expect(200);
  return (res.body as RoyaltyStatement[]).find((s) => s.payeeId === payeeId)?.earned;
}

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
    const first = await period("2081-01-01", "2081-12-31");
    await addIncome(first).expect(200);
    await admin.post(`/api/royalty-periods/${first}/close`).expect(200);
    expect(await earned(first, payee.id)).toBe("50.00");

    // The ticket order is refunded after the close.
    const [order] = await app.db
      .select({ id: ticketPurchases.id })
      .from(ticketPurchases)
      .where(eq(ticketPurchases.totalAmount, "100.00"));
    await app.db.update(ticketPurchases).set({ status: "cancelled" }).where(eq(ticketPurchases.id, order.id));
    const next = await period("2082-01-01", "2082-12-31");
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
    const earlier = await period("2083-01-01", "2083-12-31");
    const later = await period("2084-01-01", "2084-12-31");
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
    const p = await period("2085-01-01", "2085-12-31");
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
