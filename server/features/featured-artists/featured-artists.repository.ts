import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { FeaturedArtistRow, InsertFeaturedArtist, UpdateFeaturedArtist } from "@shared/featured-artists";
import { featuredArtists } from "@shared/featured-artists.table";
import type { Database } from "../../db/database";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

// Any constant works; it serialises every write that makes an artist active.
const ACTIVATION_LOCK_KEY = 4_210_337;

/**
 * Two admins activating different artists at the same moment must not leave two active:
 * the lock makes the second transaction wait and then deactivate the first one's choice.
 */
async function lockActivation(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACTIVATION_LOCK_KEY})`);
}

/** Deactivates every active artist except `keepId`. */
async function deactivateAll(tx: Transaction, keepId?: string) {
  const active = eq(featuredArtists.isActive, 1);
  await tx
    .update(featuredArtists)
    .set({ isActive: 0 })
    .where(keepId ? and(active, ne(featuredArtists.id, keepId)) : active);
}

/**
 * The first day of the month an artist is featured for, read from its display text
 * ("November 2026", "Nov 2026" or "2026-11"); null when the text is anything else. The
 * patterns guard to_date, which raises an error on text it cannot read.
 */
const featuredMonth = sql<string | null>`(
  case
    when ${featuredArtists.month} ~* '^[[:space:]]*(january|february|march|april|may|june|july|august|september|october|november|december)[[:space:]]+[0-9]{4}[[:space:]]*$'
      then to_date(btrim(regexp_replace(${featuredArtists.month}, '[[:space:]]+', ' ', 'g')), 'FMMonth YYYY')
    when ${featuredArtists.month} ~* '^[[:space:]]*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[[:space:]]+[0-9]{4}[[:space:]]*$'
      then to_date(btrim(regexp_replace(${featuredArtists.month}, '[[:space:]]+', ' ', 'g')), 'Mon YYYY')
    when ${featuredArtists.month} ~ '^[[:space:]]*[0-9]{4}-(0[1-9]|1[0-2])[[:space:]]*$'
      then to_date(btrim(regexp_replace(${featuredArtists.month}, '[[:space:]]+', ' ', 'g')), 'YYYY-MM')
  end
)`;

export function createFeaturedArtistsRepository(db: Database) {
  return {
    /**
     * Newest month first (by the month's date, not its spelling); months that cannot be read
     * come last. Ties: the most recently added, then name order.
     */
    list(): Promise<FeaturedArtistRow[]> {
      return db
        .select()
        .from(featuredArtists)
        .orderBy(
          sql`${featuredMonth} desc nulls last`,
          desc(featuredArtists.createdAt),
          asc(featuredArtists.artistName),
        );
    },

    async findActive(): Promise<FeaturedArtistRow | null> {
      const [row] = await db
        .select()
        .from(featuredArtists)
        .where(eq(featuredArtists.isActive, 1))
        .orderBy(desc(featuredArtists.createdAt))
        .limit(1);
      return row ?? null;
    },

    create(values: InsertFeaturedArtist): Promise<FeaturedArtistRow> {
      return db.transaction(async (tx) => {
        if (values.isActive === 1) {
          await lockActivation(tx);
          await deactivateAll(tx);
        }
        const [row] = await tx.insert(featuredArtists).values(values).returning();
        return row;
      });
    },

    update(id: string, values: UpdateFeaturedArtist): Promise<FeaturedArtistRow | undefined> {
      return db.transaction(async (tx) => {
        const activating = values.isActive === 1;
        // The lock comes first, before any row lock, so two writers cannot deadlock.
        if (activating) await lockActivation(tx);
        const [current] = await tx.select().from(featuredArtists).where(eq(featuredArtists.id, id));
        if (!current) return undefined;
        if (activating) await deactivateAll(tx, id);
        if (!Object.values(values).some((value) => value !== undefined)) return current;
        const [row] = await tx.update(featuredArtists).set(values).where(eq(featuredArtists.id, id)).returning();
        return row;
      });
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(featuredArtists)
        .where(eq(featuredArtists.id, id))
        .returning({ id: featuredArtists.id });
      return rows.length > 0;
    },
  };
}

export type FeaturedArtistsRepository = ReturnType<typeof createFeaturedArtistsRepository>;
