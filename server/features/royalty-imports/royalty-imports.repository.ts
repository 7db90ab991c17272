import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  releases,
  royaltyCodeAssignments,
  royaltyImports,
  royaltyLines,
  royaltyPeriods,
  tracks,
} from "@shared/royalties.table";
import type { RoyaltyFormat, RoyaltyImportRow, UnmatchedCode, UnmatchedLine } from "@shared/royalty-imports";
import type { Database } from "../../db/database";

const importAnswer = {
  id: royaltyImports.id,
  format: royaltyImports.format,
  fileName: royaltyImports.fileName,
  status: royaltyImports.status,
  bytesTotal: royaltyImports.bytesTotal,
  bytesRead: royaltyImports.bytesRead,
  lines: royaltyImports.lines,
  matched: royaltyImports.matched,
  unmatched: royaltyImports.unmatched,
  total: royaltyImports.total,
  createdAt: royaltyImports.createdAt,
  finishedAt: royaltyImports.finishedAt,
  error: royaltyImports.error,
};

/** The lines no one could match: the condition of the partial index royalty_lines_unmatched_idx. */
const waiting = and(isNull(royaltyLines.trackId), isNull(royaltyLines.releaseId), isNull(royaltyLines.payeeId));

/** A removal refused: the closed period that counts some of the import's lines. */
class ClaimedLines extends Error {
  constructor(readonly period: { start: string; end: string }) {
    super("claimed by a closed period");
  }
}

/** Where a code goes: by ISRC to a track, by UPC to a release (catalogue codes and assignments alike). */
export interface Catalogue {
  trackByIsrc: Map<string, string>;
  releaseByUpc: Map<string, string>;
}

export function createRoyaltyImportsRepository(db: Database) {
  return {
    /** The import's row, committed at once so its progress shows while the file streams in. */
    async create(values: {
      fileName: string;
      bytesTotal: number | null;
      rates: Record<string, string>;
      createdBy: string;
    }): Promise<string> {
      const [row] = await db.insert(royaltyImports).values(values).returning({ id: royaltyImports.id });
      return row.id;
    },

    async progress(id: string, values: { format?: RoyaltyFormat; bytesRead: number; lines: number }) {
      await db.update(royaltyImports).set(values).where(eq(royaltyImports.id, id));
    },

    async fail(id: string, error: string) {
      await db
        .update(royaltyImports)
        .set({ status: "failed", error, finishedAt: new Date() })
        .where(eq(royaltyImports.id, id));
    },

    async remove(id: string) {
      await db.delete(royaltyImports).where(eq(royaltyImports.id, id));
    },

    /**
     * Deletes an import and its lines in one transaction, unless a closing claimed some of them
     * (a line's period is set only when its period closes). The import's row is locked first, so
     * an import still being read cannot commit its lines after it (line-copy.ts checks its row).
     * royalty_lines has no index on import_id (the COPY would pay one insertion per row), so a
     * removal scans the table: a rare admin action.
     */
    async removeUnclaimed(id: string): Promise<"removed" | "missing" | { start: string; end: string }> {
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ status: royaltyImports.status, lines: royaltyImports.lines })
            .from(royaltyImports)
            .where(eq(royaltyImports.id, id))
            .for("update");
          if (!row) return "missing" as const;
          if (row.status === "done") {
            // A closing that claims one of these lines meanwhile waits for the delete, or the
            // delete skips the line it claimed: either way fewer lines go than the import wrote.
            const deleted = await tx
              .delete(royaltyLines)
              .where(and(eq(royaltyLines.importId, id), isNull(royaltyLines.periodId)));
            if ((deleted.rowCount ?? 0) < row.lines) {
              const [period] = await tx
                .select({ start: royaltyPeriods.start, end: royaltyPeriods.end })
                .from(royaltyLines)
                .innerJoin(royaltyPeriods, eq(royaltyPeriods.id, royaltyLines.periodId))
                .where(eq(royaltyLines.importId, id))
                .orderBy(royaltyPeriods.start)
                .limit(1);
              if (period) throw new ClaimedLines(period);
            }
          }
          await tx.delete(royaltyImports).where(eq(royaltyImports.id, id));
          return "removed" as const;
        });
      } catch (error) {
        if (error instanceof ClaimedLines) return error.period;
        throw error;
      }
    },

    /** When the file with this hash was imported. */
    async importedOn(contentHash: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: royaltyImports.createdAt })
        .from(royaltyImports)
        .where(eq(royaltyImports.contentHash, contentHash));
      return row?.createdAt;
    },

    /** Every code the catalogue matches, read once per import (the catalogue is small). */
    async catalogue(): Promise<Catalogue> {
      const [ownTracks, ownReleases, assigned] = await Promise.all([
        db.select({ code: tracks.isrc, id: tracks.id }).from(tracks),
        db.select({ code: releases.upc, id: releases.id }).from(releases),
        db.select().from(royaltyCodeAssignments),
      ]);
      const trackByIsrc = new Map(ownTracks.map((t) => [t.code, t.id]));
      const releaseByUpc = new Map(ownReleases.map((r) => [r.code, r.id]));
      for (const a of assigned) {
        if (a.trackId) trackByIsrc.set(a.code, a.trackId);
        if (a.releaseId) releaseByUpc.set(a.code, a.releaseId);
      }
      return { trackByIsrc, releaseByUpc };
    },

    /** The newest 200 (format and status hold only the values the table's comments list). */
    async list(): Promise<RoyaltyImportRow[]> {
      const rows = await db
        .select(importAnswer)
        .from(royaltyImports)
        .orderBy(desc(royaltyImports.createdAt))
        .limit(200);
      return rows as RoyaltyImportRow[];
    },

    async get(id: string): Promise<RoyaltyImportRow | undefined> {
      const [row] = await db.select(importAnswer).from(royaltyImports).where(eq(royaltyImports.id, id));
      return row as RoyaltyImportRow | undefined;
    },

    async unmatchedLines(limit: number): Promise<UnmatchedLine[]> {
      return db
        .select({
          id: royaltyLines.id,
          isrc: royaltyLines.isrc,
          upc: royaltyLines.upc,
          title: royaltyLines.title,
          store: royaltyLines.store,
          amount: royaltyLines.amount,
          currency: royaltyLines.currency,
          reportedOn: royaltyLines.reportedOn,
        })
        .from(royaltyLines)
        .where(waiting)
        .orderBy(royaltyLines.reportedOn, royaltyLines.id)
        .limit(limit);
    },

    /** The waiting lines by code, largest amount first (one scan of the partial index). */
    async unmatchedCodes(limit: number): Promise<UnmatchedCode[]> {
      return db
        .select({
          isrc: royaltyLines.isrc,
          upc: royaltyLines.upc,
          title: sql<string | null>`min(${royaltyLines.title})`,
          artist: sql<string | null>`min(${royaltyLines.artist})`,
          lines: sql<number>`count(*)::int`,
          amount: sql<string>`sum(${royaltyLines.converted})::text`,
          firstReported: sql<string>`min(${royaltyLines.reportedOn})::text`,
          lastReported: sql<string>`max(${royaltyLines.reportedOn})::text`,
        })
        .from(royaltyLines)
        .where(and(waiting, eq(royaltyLines.source, "distributor")))
        .groupBy(royaltyLines.isrc, royaltyLines.upc)
        .orderBy(sql`sum(${royaltyLines.converted}) desc`, royaltyLines.isrc, royaltyLines.upc)
        .limit(limit);
    },

    async trackExists(id: string) {
      const [row] = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, id));
      return row !== undefined;
    },

    async releaseExists(id: string) {
      const [row] = await db.select({ id: releases.id }).from(releases).where(eq(releases.id, id));
      return row !== undefined;
    },

    /** The catalogue's own holder of a code, if a track's ISRC or a release's UPC is this code. */
    async ownerOf(code: { isrc: string } | { upc: string }): Promise<string | undefined> {
      if ("isrc" in code) {
        const [row] = await db.select({ title: tracks.title }).from(tracks).where(eq(tracks.isrc, code.isrc));
        return row?.title;
      }
      const [row] = await db.select({ title: releases.title }).from(releases).where(eq(releases.upc, code.upc));
      return row?.title;
    },

    /**
     * Records the assignment and matches every waiting line with the code, in one transaction;
     * `conflict` when the code already goes elsewhere (the same target again is kept as it is).
     */
    assign(
      target:
        | { code: string; trackId: string; releaseId?: undefined }
        | { code: string; releaseId: string; trackId?: undefined },
      createdBy: string,
    ): Promise<{ conflict: true } | { conflict: false; matched: number }> {
      return db.transaction(async (tx) => {
        await tx
          .insert(royaltyCodeAssignments)
          .values({ code: target.code, trackId: target.trackId, releaseId: target.releaseId, createdBy })
          .onConflictDoNothing();
        const [held] = await tx
          .select()
          .from(royaltyCodeAssignments)
          .where(eq(royaltyCodeAssignments.code, target.code))
          .for("update");
        if ((held.trackId ?? undefined) !== target.trackId || (held.releaseId ?? undefined) !== target.releaseId) {
          return { conflict: true as const };
        }
        const updated = target.trackId
          ? await tx
              .update(royaltyLines)
              .set({ trackId: target.trackId })
              .where(and(waiting, eq(royaltyLines.isrc, target.code)))
          : await tx
              .update(royaltyLines)
              .set({ releaseId: target.releaseId })
              .where(and(waiting, eq(royaltyLines.upc, target.code)));
        return { conflict: false as const, matched: updated.rowCount ?? 0 };
      });
    },
  };
}

export type RoyaltyImportsRepository = ReturnType<typeof createRoyaltyImportsRepository>;
