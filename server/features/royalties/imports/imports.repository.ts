import { and, desc, eq, isNull } from "drizzle-orm";
import {
  releases,
  royaltyCodeAssignments,
  royaltyImports,
  royaltyLines,
  royaltyPeriods,
  tracks,
} from "@shared/royalties.table";
import type { RoyaltyFormat, RoyaltyImportRow } from "@shared/royalty-imports";
import type { Database } from "../../../db/database";

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

/** The import's row, committed at once so its progress shows while the file streams in. */
export async function createImportRow(
  db: Database,
  values: {
    fileName: string;
    bytesTotal: number | null;
    rates: Record<string, string>;
    createdBy: string;
  },
): Promise<string> {
  const [row] = await db.insert(royaltyImports).values(values).returning({ id: royaltyImports.id });
  return row.id;
}

export async function recordProgress(
  db: Database,
  id: string,
  values: { format?: RoyaltyFormat; bytesRead: number; lines: number },
) {
  await db.update(royaltyImports).set(values).where(eq(royaltyImports.id, id));
}

/** A failed import keeps its reason, and its format once the header row was recognised. */
export async function markFailed(db: Database, id: string, error: string, format?: RoyaltyFormat) {
  await db
    .update(royaltyImports)
    .set({ status: "failed", error, finishedAt: new Date(), ...(format ? { format } : {}) })
    .where(eq(royaltyImports.id, id));
}

export async function deleteImport(db: Database, id: string) {
  await db.delete(royaltyImports).where(eq(royaltyImports.id, id));
}

/**
 * Deletes an import and its lines in one transaction, unless a closing claimed some of them
 * (a line's period is set only when its period closes). The import's row is locked first, so
 * an import still being read cannot commit its lines after it (line-copy.ts checks its row).
 * royalty_lines has no index on import_id (the COPY would pay one insertion per row), so a
 * removal scans the table: a rare admin action.
 */
export async function removeUnclaimed(
  db: Database,
  id: string,
): Promise<"removed" | "missing" | { start: string; end: string }> {
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
}

/** When the file with this hash was imported. */
export async function importedOn(db: Database, contentHash: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: royaltyImports.createdAt })
    .from(royaltyImports)
    .where(eq(royaltyImports.contentHash, contentHash));
  return row?.createdAt;
}

/** Every code the catalogue matches, read once per import (the catalogue is small). */
export async function readCatalogueCodes(db: Database): Promise<Catalogue> {
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
}

/** The newest 200 (format and status hold only the values the table's comments list). */
export async function listImports(db: Database): Promise<RoyaltyImportRow[]> {
  const rows = await db.select(importAnswer).from(royaltyImports).orderBy(desc(royaltyImports.createdAt)).limit(200);
  return rows as RoyaltyImportRow[];
}

export async function readImport(db: Database, id: string): Promise<RoyaltyImportRow | undefined> {
  const [row] = await db.select(importAnswer).from(royaltyImports).where(eq(royaltyImports.id, id));
  return row as RoyaltyImportRow | undefined;
}
