import { and, eq, gt, inArray, isNull, lt, sql, type Column } from "drizzle-orm";
import { advertisements } from "@shared/advertisements.table";
import { developmentResources } from "@shared/development-resources.table";
import { events } from "@shared/events.table";
import { featuredArtists } from "@shared/featured-artists.table";
import { liveStreams } from "@shared/live-streams.table";
import { merchandise } from "@shared/merchandise.table";
import type { ObjectUpload, UploadPurpose } from "@shared/object-uploads";
import { objectUploads } from "@shared/object-uploads.table";
import { products } from "@shared/products.table";
import { storeListings } from "@shared/store.table";
import { submissions } from "@shared/submissions.table";
import { users } from "@shared/users.table";
import type { Database, Transaction } from "../../db/database";

/** Where a clean-up batch ended: the last upload it saw. */
export interface CleanupCursor {
  createdAt: string;
  id: string;
}

/**
 * Every column that may point at an uploaded object: a label logo and a store release's cover
 * hold their object path; the admin-edited link columns accept app paths and full URLs, so they
 * are matched by containing the path. An upload referenced from any of them is never cleaned up.
 */
const LINK_COLUMNS: Column[] = [
  users.profileImageUrl,
  merchandise.imageUrl,
  events.imageUrl,
  featuredArtists.imageUrl,
  featuredArtists.videoUrl,
  featuredArtists.songUrl,
  liveStreams.streamUrl,
  liveStreams.embedUrl,
  liveStreams.thumbnailUrl,
  developmentResources.contentUrl,
  developmentResources.embedUrl,
  developmentResources.thumbnailUrl,
  developmentResources.downloadUrl,
  products.coverUrl,
  products.audioUrl,
  storeListings.coverUrl,
  submissions.fileUrl,
  advertisements.videoUrl,
];

export function createObjectsRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * Records an issued upload unless the user's uploads would then take more than
     * `quotaBytes`. What an upload takes: its size once known, else the most an address accepts
     * (`maxBytes`) while the address is live (issued after `liveSince`), and after that
     * `unknownBytes` (0 when the storage records every upload's size, `maxBytes` when it cannot
     * know). A per-user advisory lock keeps two requests at once from both fitting.
     */
    async recordIssuedWithinQuota(
      values: { userId: string; objectPath: string; contentType: string | null; purpose: UploadPurpose },
      quota: { quotaBytes: number; maxBytes: number; liveSince: Date; unknownBytes: number; since?: Date },
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${values.userId}`}))`);
        const [held] = await tx
          .select({
            bytes: sql<number>`coalesce(sum(case
              when ${objectUploads.size} is not null then ${objectUploads.size}
              when ${objectUploads.createdAt} > ${quota.liveSince} then ${quota.maxBytes}
              else ${quota.unknownBytes} end), 0)::bigint`.mapWith(Number),
          })
          .from(objectUploads)
          .where(
            and(
              eq(objectUploads.userId, values.userId),
              // Each purpose has its own quota (a track is bigger than the logos' whole quota).
              eq(objectUploads.purpose, values.purpose),
              quota.since ? gt(objectUploads.createdAt, quota.since) : undefined,
            ),
          );
        if (held.bytes + quota.maxBytes > quota.quotaBytes) return false;
        await tx.insert(objectUploads).values(values);
        return true;
      });
    },

    async findByPath(objectPath: string): Promise<ObjectUpload | undefined> {
      const [row] = await db.select().from(objectUploads).where(eq(objectUploads.objectPath, objectPath)).limit(1);
      return row;
    },

    /**
     * Who the upload was issued to, read while holding its record (FOR SHARE) until `tx` ends,
     * so the clean-up (which skips locked rows) cannot remove it meanwhile.
     */
    async holdIssued(tx: Transaction, objectPath: string): Promise<Pick<ObjectUpload, "userId"> | undefined> {
      const [row] = await tx
        .select({ userId: objectUploads.userId })
        .from(objectUploads)
        .where(eq(objectUploads.objectPath, objectPath))
        .for("share");
      return row;
    },

    async markUploaded(objectPath: string, info: { contentType: string; size: number }): Promise<void> {
      await db
        .update(objectUploads)
        .set({ ...info, uploadedAt: new Date() })
        .where(and(eq(objectUploads.objectPath, objectPath), isNull(objectUploads.uploadedAt)));
    },

    /**
     * Locks up to `limit` uploads issued before `before` that no label logo refers to, oldest
     * first, after `after` (the last one a previous batch saw). SKIP LOCKED: instances cleaning
     * at the same time take different rows, and a label save holding its upload's row (FOR
     * SHARE) is passed over.
     */
    async lockCleanupCandidates(
      tx: Transaction,
      before: Date,
      limit: number,
      after?: CleanupCursor,
    ): Promise<({ id: string; objectPath: string } & CleanupCursor)[]> {
      return tx
        .select({
          id: objectUploads.id,
          objectPath: objectUploads.objectPath,
          // As text, so the next batch starts exactly after it (a Date would lose microseconds).
          createdAt: sql<string>`${objectUploads.createdAt}::text`,
        })
        .from(objectUploads)
        .where(
          and(
            lt(objectUploads.createdAt, before),
            after
              ? sql`(${objectUploads.createdAt}, ${objectUploads.id}) > (${after.createdAt}::timestamp, ${after.id})`
              : undefined,
            sql`not exists (select 1 from ${users} where ${users.labelLogoUrl} = ${objectUploads.objectPath})`,
          ),
        )
        .orderBy(objectUploads.createdAt, objectUploads.id)
        .limit(limit)
        .for("update", { skipLocked: true });
    },

    /** Which of `paths` something refers to: a label logo, or any link column. */
    async referencedPaths(tx: Transaction, paths: string[]): Promise<Set<string>> {
      if (paths.length === 0) return new Set();
      const logos = await tx.select({ path: users.labelLogoUrl }).from(users).where(inArray(users.labelLogoUrl, paths));
      const candidates = sql`unnest(${sql.param(paths)}::text[]) as candidate(path)`;
      const linked = sql.join(
        LINK_COLUMNS.map(
          (column) => sql`exists (select 1 from ${column.table} where position(candidate.path in ${column}) > 0)`,
        ),
        sql` or `,
      );
      const links = await tx.execute<{ path: string }>(sql`select candidate.path from ${candidates} where ${linked}`);
      return new Set([...logos.map((row) => row.path!), ...links.rows.map((row) => row.path)]);
    },

    async deleteByIds(tx: Transaction, ids: string[]): Promise<void> {
      if (ids.length > 0) await tx.delete(objectUploads).where(inArray(objectUploads.id, ids));
    },
  };
}

export type ObjectsRepository = ReturnType<typeof createObjectsRepository>;
