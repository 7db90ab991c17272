import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayInZone } from "@shared/zoned-time";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { issuedAt, paidOnDay } from "./invoice-days";
import { createInvoice, storedInvoice } from "./invoices.test-support";

let app: TestApp;
let owner: Agent;
beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signIn("invoice-days@x.test");
});
afterAll(() => app?.close());

describe("dates the server sets on an invoice", () => {
  it("issue a copy at the start of the member's day, due at the end of their day thirty days on", () => {
    // 15:00 UTC on March 14 is already March 15 in Tokyo (UTC+9).
    const now = new Date("2031-03-14T15:00:00.000Z");
    expect(issuedAt(now, 30, "Asia/Tokyo")).toEqual({
      issueDate: new Date("2031-03-14T15:00:00.000Z"),
      dueDate: new Date("2031-04-14T14:59:59.999Z"),
    });
    expect(issuedAt(now, 30, null)).toEqual({
      issueDate: new Date("2031-03-14T00:00:00.000Z"),
      dueDate: new Date("2031-04-13T23:59:59.999Z"),
    });
  });

  it("record a payment day as noon that day in the invoice's zone, which every view shows as that day", () => {
    // Noon UTC would be 02:00 the next day in Kiritimati (UTC+14).
    const paidAt = paidOnDay("2031-03-14", "Pacific/Kiritimati");
    expect(dayInZone(paidAt, "Pacific/Kiritimati")).toBe("2031-03-14");
    expect(paidOnDay("2031-03-14", null).toISOString()).toBe("2031-03-14T12:00:00.000Z");
  });

  it("are what a duplicate and a payment marked by hand get through the API", async () => {
    const zone = "Pacific/Kiritimati";
    const invoice = await createInvoice(owner, { timeZone: zone });
    const copy = (await owner.post(`/api/invoices/${invoice.id}/duplicate`).expect(201)).body;
    const stored = await storedInvoice(app, copy.id);
    const today = dayInZone(new Date(), zone);
    expect(dayInZone(stored.issueDate, zone)).toBe(today);
    expect(dayInZone(new Date(stored.issueDate.getTime() - 1), zone)).not.toBe(today);
    // The end of the due day: one millisecond later it is the next day there.
    expect(dayInZone(new Date(stored.dueDate.getTime() + 1), zone)).not.toBe(dayInZone(stored.dueDate, zone));

    await owner.post(`/api/invoices/${invoice.id}/mark-sent`).expect(200);
    await owner.post(`/api/invoices/${invoice.id}/mark-paid`).send({ paidOn: "2031-03-14" }).expect(200);
    expect(dayInZone((await storedInvoice(app, invoice.id)).paidAt!, zone)).toBe("2031-03-14");
  });
});
