import { sql } from "drizzle-orm";
import type { Database } from "../../../db/database";
import { rowsOf } from "../rows";
import type { StatementBreakdowns } from "@shared/royalties.table";
import { BREAKDOWNS_MISSING, LINE_RELEASE, storeBreakdowns } from "./statement-breakdowns";

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

/** The lines after `afterLineId`, by line id (keyset paging: each batch is one index range). */
export function statementLinesAfter(db: Database, statementId: string, afterLineId: string) {
  return rowsOf<StatementCsvLine>(
    db,
    sql`
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
      order by sl.line_id limit ${CSV_BATCH}`,
  );
}

/** The statement's lines batch by batch, for a CSV that streams (a statement can hold millions). */
export async function* statementLineBatches(db: Database, statementId: string) {
  let after = "0";
  for (;;) {
    const batch = await statementLinesAfter(db, statementId, after);
    if (!batch.length) return;
    yield batch;
    after = batch[batch.length - 1].lineId;
  }
}

/**
 * The breakdowns the closing stored (statement-breakdowns.ts); a statement closed before they
 * were stored (or before they held the sources) gets them computed and kept at its first
 * download. Its lines never change, so the figures are those the closing would have stored.
 */
export async function readBreakdowns(db: Database, statementId: string): Promise<StatementBreakdowns> {
  const read = async () =>
    (
      await rowsOf<{ breakdowns: StatementBreakdowns | null }>(
        db,
        sql`select breakdowns from royalty_statements where id = ${statementId}`,
      )
    )[0]?.breakdowns ?? null;
  const stored = await read();
  if (stored?.bySource) return stored;
  await storeBreakdowns(db, sql`st.id = ${statementId} and ${BREAKDOWNS_MISSING}`);
  return (await read()) ?? { byTrack: [], byStore: [], topTracks: [], bySource: [] };
}

/** The label's name as its administrators last set it, for a statement's PDF. */
export async function labelName(db: Database): Promise<string | null> {
  const [row] = await rowsOf<{ labelName: string }>(
    db,
    sql`
      select trim(label_name) as "labelName" from users
      where role = 'admin' and nullif(trim(label_name), '') is not null order by updated_at desc limit 1`,
  );
  return row?.labelName ?? null;
}
