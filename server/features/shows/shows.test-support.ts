import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { EventRow } from "@shared/events";
import { events } from "@shared/events.table";
import type { TourDateRow } from "@shared/tour-dates";
import { tourDates } from "@shared/tour-dates.table";
import { users } from "@shared/users.table";
import type { TestDatabase } from "../../test/database";
import { repoRoot } from "../../test/processes";

type Db = TestDatabase["db"];

/** A show on a fixed future date in New York, unless told otherwise. */
export async function insertShow(db: Db, values: Partial<typeof tourDates.$inferInsert> = {}): Promise<TourDateRow> {
  const [row] = await db
    .insert(tourDates)
    .values({
      artistName: "Nova Reign",
      date: "2031-07-14",
      time: "20:00",
      location: "Riverside Amphitheater, New York",
      timeZone: "America/New_York",
      ...values,
    })
    .returning();
  return row;
}

export async function insertEvent(db: Db, values: Partial<typeof events.$inferInsert> = {}): Promise<EventRow> {
  const [row] = await db
    .insert(events)
    .values({
      name: "Neon Nights",
      artist: "Nova Reign",
      venue: "Riverside Amphitheater",
      date: "2031-07-14",
      time: "20:00",
      totalTickets: 100,
      availableTickets: 40,
      ticketPrice: "65.00",
      status: "on-sale",
      imageUrl: "/demo/events/neon-nights.svg",
      ...values,
    })
    .returning();
  return row;
}

/** The label's name as an administrator set it in the label settings. */
export async function setLabelName(db: Db, labelName: string) {
  await db.insert(users).values({ email: `label-${Date.now()}@x.test`, role: "admin", labelName });
}

/** A folder holding the real client/index.html, to serve as a built client without building. */
export function clientRootWithIndex(): { root: string; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "show-page-"));
  fs.copyFileSync(path.join(repoRoot, "client/index.html"), path.join(root, "index.html"));
  return { root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

/** The page's <head> as data: title, meta contents by name/property (every occurrence), links, JSON-LD texts. */
export function parseHead(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  const meta = new Map<string, string[]>();
  // \s+ also spans the line breaks of the template's own multi-line tags, so a leftover shows up.
  for (const match of head.matchAll(/<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"\s*\/?>/g)) {
    meta.set(match[1], [...(meta.get(match[1]) ?? []), decode(match[2])]);
  }
  return {
    head,
    title: decode(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ""),
    meta: (key: string) => meta.get(key) ?? [],
    canonical: [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => decode(m[1])),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]),
    scripts: head.match(/<script\b/g)?.length ?? 0,
  };
}
