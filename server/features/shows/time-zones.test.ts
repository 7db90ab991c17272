import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { events } from "@shared/events.table";
import { tourDates } from "@shared/tour-dates.table";
import { fillMissingTimeZones } from "../../db/time-zones";
import { connectDatabase } from "../../db/database";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { freePort, repoRoot, run, waitHealthy, type Started } from "../../test/processes";
import { insertEvent, insertShow } from "./shows.test-support";

let database: TestDatabase | undefined;
let server: Started | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (server) {
    server.child.kill("SIGKILL");
    await server.exited;
  }
  server = undefined;
  await database?.drop();
  database = undefined;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("filling time zones missing from older shows and events", () => {
  it("sets only the missing ones, and instances doing it at once agree", async () => {
    database = await createTestDatabase();
    const old = await insertShow(database.db, { timeZone: null });
    const zoned = await insertShow(database.db, { timeZone: "Asia/Tokyo" });
    const oldEvent = await insertEvent(database.db, { timeZone: null });
    const pools = [connectDatabase(database.url), connectDatabase(database.url)];
    try {
      const filled = await Promise.all([
        fillMissingTimeZones(database.db, "America/Chicago"),
        ...pools.map((handle) => fillMissingTimeZones(handle.db, "America/Chicago")),
      ]);
      expect(filled.reduce((a, b) => a + b, 0)).toBe(2);
    } finally {
      await Promise.all(pools.map((handle) => handle.close()));
    }
    const zoneOf = async (id: string) =>
      (await database!.db.select().from(tourDates).where(eq(tourDates.id, id)))[0].timeZone;
    expect(await zoneOf(old.id)).toBe("America/Chicago");
    expect(await zoneOf(zoned.id)).toBe("Asia/Tokyo");
    const [event] = await database.db.select().from(events).where(eq(events.id, oldEvent.id));
    expect(event.timeZone).toBe("America/Chicago");
  });

  it("happens when the server starts, after the demo content went in", async () => {
    database = await createTestDatabase({ migrated: false });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "label-zones-"));
    const port = await freePort();
    server = run(process.execPath, ["--import", "tsx", path.join(repoRoot, "server/index.ts")], {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SEED_DEMO: "true",
      DEFAULT_TIME_ZONE: "Europe/Lisbon",
      LOG_LEVEL: "warn",
    });
    await waitHealthy(server, port, 60_000);
    const shows = await database.db.select({ timeZone: tourDates.timeZone }).from(tourDates);
    const demoEvents = await database.db.select({ timeZone: events.timeZone }).from(events);
    expect(shows.length).toBeGreaterThan(0);
    expect(demoEvents.length).toBeGreaterThan(0);
    expect([...shows, ...demoEvents].every((row) => row.timeZone === "Europe/Lisbon")).toBe(true);
  }, 90_000);
});
