import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  developmentResources,
  events,
  featuredArtists,
  liveStreams,
  merchandise,
  tourDates,
  users,
} from "@shared/schema";
import { insertDevelopmentResourceSchema, RESOURCE_CATEGORIES } from "@shared/development-resources";
import { insertEventSchema } from "@shared/events";
import { insertFeaturedArtistSchema } from "@shared/featured-artists";
import { insertLiveStreamSchema } from "@shared/live-streams";
import { insertMerchandiseSchema } from "@shared/merchandise";
import { insertTourDateSchema } from "@shared/tour-dates";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { demoContent, seedDemo } from "./seed";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../client/public");

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.drop();
});

async function contentCounts() {
  const { db } = database;
  return {
    tourDates: await db.$count(tourDates),
    featuredArtists: await db.$count(featuredArtists),
    merchandise: await db.$count(merchandise),
    events: await db.$count(events),
    developmentResources: await db.$count(developmentResources),
    liveStreams: await db.$count(liveStreams),
  };
}

describe("seedDemo", () => {
  it("fills an empty database with the sample content", async () => {
    expect(await seedDemo(database.db)).toBe(true);
    const counts = await contentCounts();
    expect(counts).toEqual({
      tourDates: 8,
      featuredArtists: 3,
      merchandise: 6,
      events: 5,
      developmentResources: demoContent.developmentResources.length,
      liveStreams: 1,
    });

    const active = await database.db.select().from(featuredArtists).where(eq(featuredArtists.isActive, 1));
    expect(active).toHaveLength(1);
    const [stream] = await database.db.select().from(liveStreams);
    expect(stream.status).toBe("scheduled");
    const soldOut = await database.db.select().from(events).where(eq(events.status, "sold-out"));
    expect(soldOut.map((event) => event.availableTickets)).toEqual([0]);
  });

  it("seeds only once", async () => {
    expect(await seedDemo(database.db)).toBe(true);
    const before = await contentCounts();
    expect(await seedDemo(database.db)).toBe(false);
    expect(await contentCounts()).toEqual(before);
  });

  it("never re-adds content an admin deleted once someone has signed in", async () => {
    await seedDemo(database.db);
    await database.db.insert(users).values({ email: "admin@example.com", role: "admin" });
    await database.db.delete(tourDates);
    await database.db.delete(merchandise);
    expect(await seedDemo(database.db)).toBe(false);
    expect((await contentCounts()).tourDates).toBe(0);
  });

  it("leaves a database alone that already has content but no users", async () => {
    await database.db
      .insert(tourDates)
      .values({ artistName: "Own Act", date: "2027-01-01", time: "20:00", location: "Home" });
    expect(await seedDemo(database.db)).toBe(false);
    expect(await contentCounts()).toMatchObject({ tourDates: 1, events: 0, merchandise: 0 });
  });

  it("seeds once when two app instances start together", async () => {
    // Hold back inserts (not reads) so both calls are certain to overlap: each has checked,
    // or is waiting to check, before either can write.
    const blocker = await database.pool.connect();
    try {
      await blocker.query("begin");
      await blocker.query("lock table tour_dates in exclusive mode");
      const seeding = Promise.all([seedDemo(database.db), seedDemo(database.db)]);
      await waitForBlockedQueries(2);
      await blocker.query("commit");
      const results = await seeding;
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await contentCounts()).toMatchObject({ tourDates: 8, events: 5 });
    } finally {
      blocker.release();
    }
  });
});

async function waitForBlockedQueries(expected: number) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = await database.pool.query<{ n: number }>(
      "select count(*)::int as n from pg_locks where not granted and database = (select oid from pg_database where datname = current_database())",
    );
    if (rows[0].n >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the seeding calls never reached the database");
}

describe("demo content", () => {
  it("follows the same rules as content an admin enters", () => {
    for (const row of demoContent.tourDates) insertTourDateSchema.parse(row);
    for (const row of demoContent.featuredArtists) insertFeaturedArtistSchema.parse(row);
    for (const row of demoContent.merchandise) insertMerchandiseSchema.parse(row);
    for (const row of demoContent.events) insertEventSchema.parse(row);
    for (const row of demoContent.developmentResources) insertDevelopmentResourceSchema.parse(row);
    insertLiveStreamSchema.parse(demoContent.liveStream);
  });

  it("has at least two published resources per category and one unpublished", () => {
    const published = demoContent.developmentResources.filter((row) => row.isPublished !== 0);
    for (const category of RESOURCE_CATEGORIES) {
      expect(published.filter((row) => row.category === category).length, category).toBeGreaterThanOrEqual(2);
    }
    expect(demoContent.developmentResources.some((row) => row.isPublished === 0)).toBe(true);
  });

  it("gives every featured artist's song and video a file the app serves, never an outside search page", () => {
    const links = demoContent.featuredArtists.flatMap((row) => [row.songUrl, row.videoUrl]).filter(Boolean);
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(link).toMatch(/^\/demo\/artists\/[\w-]+\.(mp3|mp4)$/);
  });

  it("gives every published resource something to open", () => {
    for (const row of demoContent.developmentResources.filter((r) => r.isPublished !== 0)) {
      expect(row.contentUrl ?? row.embedUrl ?? row.downloadUrl, row.title).toBeTruthy();
    }
  });

  it("only links to files the app serves", () => {
    const links = [
      ...demoContent.featuredArtists.flatMap((row) => [row.imageUrl, row.songUrl, row.videoUrl]),
      ...demoContent.merchandise.map((row) => row.imageUrl),
      ...demoContent.events.map((row) => row.imageUrl),
      ...demoContent.developmentResources.flatMap((row) => [
        row.thumbnailUrl,
        row.contentUrl,
        row.downloadUrl,
        row.embedUrl,
      ]),
      demoContent.liveStream.thumbnailUrl,
      "/demo/background.svg",
    ].filter((link): link is string => typeof link === "string" && link.startsWith("/"));
    expect(links.length).toBeGreaterThan(20);
    for (const link of links) {
      expect(fs.existsSync(path.join(publicDir, link)), link).toBe(true);
    }
  });
});
