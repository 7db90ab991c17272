import { sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import type { StatementBreakdowns } from "@shared/royalties.table";
import { storeBreakdowns } from "./statement-breakdowns";

/** One row of a statement's CSV: the report line as reported, and the payee's part of it at full precision. */
export interface StatementCsvLine {
  lineId: string;
  reportedOn: string;
  store: string | null;
  country: string | null;
  release: string | null;
  track: string | null;
  isrc: string | null;
  upc: string | null;
  quantity: number | null;
  currency: string;
  amount: string;
  rate: string;
  converted: string;
  share: string;
  payeeAmount: string;
}

/** Rows read per query while a CSV streams: memory stays flat however long the statement is. */
export const CSV_BATCH = 5000;

/** What a statement's files read: its lines in batches, and its stored breakdowns. */
export function createStatementFilesRepository(db: Database) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as unknown as T[];
  const LINE_RELEASE = sql`coalesce(tr.release_id, l.release_id)`;

  return {
    /** The lines after `afterLineId`, by line id (keyset paging: each batch is one index range). */
    linesAfter: (statementId: string, afterLineId: string) =>
      rows<StatementCsvLine>(sql`
        select sl.line_id::text as "lineId", l.reported_on::text as "reportedOn", l.store, l.country,
          coalesce(r.title, case when l.payee_id is not null then l.store end) as release, tr.title as track,
          coalesce(tr.isrc, l.isrc) as isrc, coalesce(r.upc, l.upc) as upc, l.quantity, l.currency,
          trim_scale(l.amount)::text as amount, trim_scale(l.rate)::text as rate,
          trim_scale(l.converted)::text as converted, trim_scale(sl.share)::text as share,
          trim_scale(sl.amount)::text as "payeeAmount"
        from royalty_statement_lines sl join royalty_lines l on l.id = sl.line_id
        left join tracks tr on tr.id = l.track_id
        left join releases r on r.id = ${LINE_RELEASE}
        where sl.statement_id = ${statementId} and sl.line_id > ${afterLineId}::bigint
        order by sl.line_id limit ${CSV_BATCH}`),

    /**
     * The breakdowns the closing stored (statement-breakdowns.ts); a statement closed before they
     * were stored gets them computed and kept at its first download.
     */
    async breakdowns(statementId: string): Promise<StatementBreakdowns> {
      const read = async () =>
        (
          await rows<{ breakdowns: StatementBreakdowns | null }>(sql`
          select breakdowns from royalty_statements where id = ${statementId}`)
        )[0]?.breakdowns ?? null;
      const stored = await read();
      if (stored) return stored;
      await storeBreakdowns(db, sql`st.id = ${statementId} and st.breakdowns is null`);
      return (await read()) ?? { byTrack: [], byStore: [], topTracks: [] };
    },

    async labelName(): Promise<string | null> {
      const [row] = await rows<{ labelName: string }>(sql`
        select trim(label_name) as "labelName" from users
        where role = 'admin' and nullif(trim(label_name), '') is not null order by updated_at desc limit 1`);
      return row?.labelName ?? null;
    },
  };
}

export type StatementFilesRepository = ReturnType<typeof createStatementFilesRepository>;
