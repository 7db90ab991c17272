import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { createShowsRepository } from "./shows.repository";
import { createShowsService } from "./shows.service";
import { insertShow } from "./shows.test-support";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

const at = (iso: string) => {
  const now = new Date(iso);
  return createShowsService({
    repository: createShowsRepository(database.db),
    defaultTimeZone: "UTC",
    vendorSlots: async () => [],
    now: () => now,
  });
};

describe("past and upcoming, by the venue's clock", () => {
  it("keeps a show upcoming through its whole day at the venue, and says when that day ends", async () => {
    const newYork = await insertShow(database.db, { date: "2031-07-14" });
    const auckland = await insertShow(database.db, { date: "2031-07-14", timeZone: "Pacific/Auckland" });

    // Noon UTC: the 14th is still on in New York (8 am) and over in Auckland (00:00 on the 15th).
    let upcoming = await at("2031-07-14T12:00:00Z").upcoming();
    expect(upcoming.shows.map((show) => show.id)).toEqual([newYork.id]);
    // The list stops being true at midnight in New York (EDT, UTC−4).
    expect(new Date(upcoming.expiresAt!).toISOString()).toBe("2031-07-15T04:00:00.000Z");
    const past = await at("2031-07-14T12:00:00Z").past();
    expect(past.shows.map((show) => show.id)).toEqual([auckland.id]);
    expect(new Date(past.expiresAt).toISOString()).toBe("2031-07-15T04:00:00.000Z");

    upcoming = await at("2031-07-15T03:59:59Z").upcoming();
    expect(upcoming.shows.map((show) => show.id)).toEqual([newYork.id]);
    upcoming = await at("2031-07-15T04:00:00Z").upcoming();
    expect(upcoming.shows).toEqual([]);
    expect(upcoming.expiresAt).toBeUndefined();
    expect((await at("2031-07-15T04:00:00Z").past()).shows.map((show) => show.id)).toEqual([newYork.id, auckland.id]);
  });

  it("lets the archive expire by the next new day anywhere when no listed show is about to end", async () => {
    const { expiresAt } = await at("2040-01-01T12:00:00Z").past();
    // It is already the 2nd at UTC+14 (Kiribati); the 3rd starts there at 10:00 UTC on the 2nd.
    expect(new Date(expiresAt).toISOString()).toBe("2040-01-02T10:00:00.000Z");
  });
});
