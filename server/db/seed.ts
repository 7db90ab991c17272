import { sql } from "drizzle-orm";
import {
  developmentResources,
  events,
  featuredArtists,
  liveStreams,
  merchandise,
  tourDates,
  users,
} from "@shared/schema";
import { DATABASE_SETUP_LOCK, type Database } from "./database";
import { DEVELOPMENT_RESOURCES } from "./seed-resources";

// Sample content so a fresh install looks like a working label (SEED_DEMO, see README.md).
// Every image, song and video is served by the app from client/public/demo, so every demo
// link opens something real, offline too (the clips come from scripts/make-demo-media.mjs).

const TOUR_DATES: (typeof tourDates.$inferInsert)[] = [
  { artistName: "Nova Reign", date: "2026-12-12", time: "20:00", location: "Riverside Amphitheater, Austin, TX" },
  { artistName: "The Velvet Static", date: "2027-01-16", time: "21:00", location: "Warehouse 9, Brooklyn, NY" },
  { artistName: "Marisol Vega", date: "2027-02-06", time: "19:30", location: "The Blue Lantern, Chicago, IL" },
  { artistName: "Kingsley Ames", date: "2027-03-20", time: "18:00", location: "Peachtree Pavilion, Atlanta, GA" },
  {
    artistName: "Deacon Gray & The Choir",
    date: "2027-04-11",
    time: "17:00",
    location: "Cumberland Hall, Nashville, TN",
  },
  { artistName: "Juniper Hollow", date: "2027-05-08", time: "19:00", location: "Red Mesa Amphitheater, Denver, CO" },
  { artistName: "Nova Reign", date: "2027-06-19", time: "20:30", location: "Harborview Arena, Seattle, WA" },
  { artistName: "The Velvet Static", date: "2027-07-24", time: "21:30", location: "The Echo Yard, Los Angeles, CA" },
];

const FEATURED_ARTISTS: (typeof featuredArtists.$inferInsert)[] = [
  {
    artistName: "Nova Reign",
    month: "November 2026",
    isActive: 1,
    imageUrl: "/demo/artists/nova-reign.svg",
    songUrl: "/demo/artists/nova-reign-preview.mp3",
    bio: "Houston-born singer and producer Nova Reign blends late-night R&B with glossy synth-pop. Her debut LP, Midnight Frequencies, was written over one winter in our Studio A and closes with a gospel choir she grew up singing in.",
  },
  {
    artistName: "Marisol Vega",
    month: "October 2026",
    isActive: 0,
    imageUrl: "/demo/artists/marisol-vega.svg",
    songUrl: "/demo/artists/marisol-vega-preview.mp3",
    bio: "Pianist and bandleader Marisol Vega leads a quartet that moves between Chicago blues, bolero and modern jazz. Her Blue Hour Sessions residency sold out every night of its first season.",
  },
  {
    artistName: "The Velvet Static",
    month: "September 2026",
    isActive: 0,
    imageUrl: "/demo/artists/the-velvet-static.svg",
    videoUrl: "/demo/artists/the-velvet-static-live.mp4",
    bio: "Four friends from a Brooklyn basement, The Velvet Static play fast, loud and melodic punk rock. Their second record, Loud Hearts, was tracked live to tape in two days.",
  },
];

const MERCHANDISE: (typeof merchandise.$inferInsert)[] = [
  {
    name: "World Tour T-Shirt",
    description: "Heavyweight black cotton tee with the 2026-2027 world tour print on the front.",
    price: "29.99",
    category: "Apparel",
    imageUrl: "/demo/merch/tour-tee.svg",
    stockQuantity: 120,
    isAvailable: 1,
  },
  {
    name: "Logo Hoodie",
    description: "Brushed-fleece pullover hoodie in deep indigo with an embroidered label logo.",
    price: "59.99",
    category: "Apparel",
    imageUrl: "/demo/merch/logo-hoodie.svg",
    stockQuantity: 45,
    isAvailable: 1,
  },
  {
    name: "Midnight Frequencies LP",
    description: "Nova Reign's debut album on 180 g vinyl with a printed lyric sleeve.",
    price: "34.99",
    category: "Vinyl",
    imageUrl: "/demo/merch/midnight-frequencies-lp.svg",
    stockQuantity: 60,
    isAvailable: 1,
  },
  {
    name: "Loud Hearts Splatter Vinyl",
    description: "The Velvet Static's second record, limited red-and-white splatter pressing.",
    price: "39.99",
    category: "Vinyl",
    imageUrl: "/demo/merch/velvet-static-splatter-vinyl.svg",
    stockQuantity: 0,
    isAvailable: 0,
  },
  {
    name: "Canvas Tote Bag",
    description: "Sturdy natural canvas tote with a record print. Fits a dozen LPs.",
    price: "19.99",
    category: "Accessories",
    imageUrl: "/demo/merch/canvas-tote.svg",
    stockQuantity: 80,
    isAvailable: 1,
  },
  {
    name: "Enamel Pin Set",
    description: "Three hard-enamel pins: heart, cassette and star, on a backing card.",
    price: "14.50",
    category: "Accessories",
    imageUrl: "/demo/merch/enamel-pin-set.svg",
    stockQuantity: 150,
    isAvailable: 1,
  },
];

// Dates are after 2026-11-21 (the demo's "today") and match the posters' printed dates.
const EVENTS: (typeof events.$inferInsert)[] = [
  {
    name: "Neon Nights",
    artist: "Nova Reign",
    venue: "Riverside Amphitheater, Austin, TX",
    date: "2026-12-12",
    time: "20:00",
    description: "Nova Reign brings the full Midnight Frequencies show, with a live band and choir, to the river.",
    imageUrl: "/demo/events/neon-nights.svg",
    totalTickets: 2500,
    availableTickets: 1840,
    ticketPrice: "65.00",
    status: "on-sale",
  },
  {
    name: "Static Shock",
    artist: "The Velvet Static",
    venue: "Warehouse 9, Brooklyn, NY",
    date: "2027-01-16",
    time: "21:00",
    description: "A hometown show for the Loud Hearts record. All ages, standing room only.",
    imageUrl: "/demo/events/static-shock.svg",
    totalTickets: 800,
    availableTickets: 0,
    ticketPrice: "40.00",
    status: "sold-out",
  },
  {
    name: "Blue Hour Sessions",
    artist: "Marisol Vega Quartet",
    venue: "The Blue Lantern, Chicago, IL",
    date: "2027-02-06",
    time: "19:30",
    description: "An intimate seated evening of jazz and bolero. Two sets with an intermission.",
    imageUrl: "/demo/events/blue-hour-sessions.svg",
    totalTickets: 300,
    availableTickets: 112,
    ticketPrice: "55.00",
    status: "on-sale",
  },
  {
    name: "Southside Block Party",
    artist: "Kingsley Ames",
    venue: "Peachtree Pavilion, Atlanta, GA",
    date: "2027-03-20",
    time: "18:00",
    description: "Kingsley Ames and friends close the street for an evening of hip hop, food trucks and DJ sets.",
    imageUrl: "/demo/events/southside-block-party.svg",
    totalTickets: 5000,
    availableTickets: 5000,
    ticketPrice: "45.00",
    status: "upcoming",
  },
  {
    name: "Sunday Revival",
    artist: "Deacon Gray & The Choir",
    venue: "Cumberland Hall, Nashville, TN",
    date: "2027-04-11",
    time: "17:00",
    description: "A joyful afternoon of gospel with a forty-voice choir and a seven-piece band.",
    imageUrl: "/demo/events/sunday-revival.svg",
    totalTickets: 1200,
    availableTickets: 1200,
    ticketPrice: "35.00",
    status: "upcoming",
  },
];

// Scheduled, not live: the landing page's LIVE NOW block stays hidden until an admin goes live.
const LIVE_STREAM: typeof liveStreams.$inferInsert = {
  title: "Live from Studio A: Nova Reign Listening Session",
  description: "Nova Reign plays Midnight Frequencies front to back and answers your questions.",
  thumbnailUrl: "/demo/live/studio-session.svg",
  status: "scheduled",
  scheduledFor: new Date("2026-12-05T01:00:00Z"),
  viewerCount: 0,
};

/** Exported so a test can hold every row to the same rules as admin input. */
export const demoContent = {
  tourDates: TOUR_DATES,
  featuredArtists: FEATURED_ARTISTS,
  merchandise: MERCHANDISE,
  events: EVENTS,
  developmentResources: DEVELOPMENT_RESOURCES,
  liveStream: LIVE_STREAM,
};

/**
 * Adds the sample content when the database has no users and none of the seeded kinds of
 * content, and reports whether it did. Content an admin deletes later is never re-added,
 * because by then a user exists.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two app instances starting on one empty database must not both seed it, nor seed while
    // another one is still migrating (the same lock as runMigrations, released by then).
    await tx.execute(sql`select pg_advisory_xact_lock(${DATABASE_SETUP_LOCK})`);
    const result = await tx.execute<{ empty: boolean }>(sql`
      select not (
        exists (select 1 from ${users}) or exists (select 1 from ${tourDates})
        or exists (select 1 from ${events}) or exists (select 1 from ${merchandise})
        or exists (select 1 from ${featuredArtists}) or exists (select 1 from ${liveStreams})
        or exists (select 1 from ${developmentResources})
      ) as empty`);
    if (!result.rows[0]?.empty) return false;

    await tx.insert(tourDates).values(TOUR_DATES);
    await tx.insert(featuredArtists).values(FEATURED_ARTISTS);
    await tx.insert(merchandise).values(MERCHANDISE);
    await tx.insert(events).values(EVENTS);
    await tx.insert(developmentResources).values(DEVELOPMENT_RESOURCES);
    await tx.insert(liveStreams).values(LIVE_STREAM);
    return true;
  });
}
