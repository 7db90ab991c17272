import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { InsertLiveStream, LiveStream, UpdateLiveStream } from "@shared/live-streams";
import { liveStreams } from "@shared/live-streams.table";
import type { Database } from "../../db/database";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

// Any constant works; it serialises every write that puts a stream live.
const GO_LIVE_LOCK_KEY = 4_210_338;

/**
 * Only one stream is live at a time. The advisory lock makes a second "go live" wait for the
 * first and then end it, so two admins can never leave two streams live. It is taken before
 * any row is updated in the transaction, so it cannot deadlock with a row lock.
 */
async function endOtherLiveStreams(tx: Transaction, now: Date, keepId?: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${GO_LIVE_LOCK_KEY})`);
  const live = eq(liveStreams.status, "live");
  await tx
    .update(liveStreams)
    .set({ status: "ended", endedAt: now })
    .where(keepId ? and(live, ne(liveStreams.id, keepId)) : live);
}

export function createLiveStreamsRepository(db: Database) {
  return {
    list(): Promise<LiveStream[]> {
      return db.select().from(liveStreams).orderBy(desc(liveStreams.createdAt));
    },

    /** The live stream if there is one, otherwise the most recently created. */
    async findCurrent(): Promise<LiveStream | null> {
      const [row] = await db
        .select()
        .from(liveStreams)
        .orderBy(desc(sql`(${liveStreams.status} = 'live')`), desc(liveStreams.createdAt))
        .limit(1);
      return row ?? null;
    },

    create(values: InsertLiveStream, now: Date): Promise<LiveStream> {
      return db.transaction(async (tx) => {
        if (values.status === "live") await endOtherLiveStreams(tx, now);
        const [row] = await tx.insert(liveStreams).values(values).returning();
        return row;
      });
    },

    /** `plan` turns the stored row into the changes to write (it owns the status rules). */
    update(id: string, plan: (current: LiveStream) => UpdateLiveStream, now: Date): Promise<LiveStream | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(liveStreams).where(eq(liveStreams.id, id));
        if (!current) return undefined;
        const changes = plan(current);
        if (changes.status === "live" && current.status !== "live") await endOtherLiveStreams(tx, now, id);
        if (!Object.values(changes).some((value) => value !== undefined)) return current;
        const [row] = await tx.update(liveStreams).set(changes).where(eq(liveStreams.id, id)).returning();
        return row;
      });
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(liveStreams).where(eq(liveStreams.id, id)).returning({ id: liveStreams.id });
      return rows.length > 0;
    },
  };
}

export type LiveStreamsRepository = ReturnType<typeof createLiveStreamsRepository>;
