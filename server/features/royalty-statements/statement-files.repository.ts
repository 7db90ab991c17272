import { sql } from "drizzle-orm";
import type { Database } from "../../db/database";
import { halfUpCents } from "./royalty-closing";

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

/** What a statement's files read: its lines in batches, and its breakdowns summed in SQL. */
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
          l.amount::text as amount, l.rate::text as rate, l.converted::text as converted,
          sl.share::text as share, sl.amount::text as "payeeAmount"
        from royalty_statement_lines sl join royalty_lines l on l.id = sl.line_id
        left join tracks tr on tr.id = l.track_id
        left join releases r on r.id = ${LINE_RELEASE}
        where sl.statement_id = ${statementId} and sl.line_id > ${afterLineId}::bigint
        order by sl.line_id limit ${CSV_BATCH}`),

    async total(statementId: string): Promise<string> {
      const [row] = await rows<{ total: string }>(sql`
        select coalesce(sum(amount), 0)::text as total from royalty_statement_lines where statement_id = ${statementId}`);
      return row.total;
    },

    /** Earnings by release and track, by store and country, and the ten best tracks, each rounded once. */
    async breakdowns(statementId: string) {
      const from = sql`
        royalty_statement_lines sl join royalty_lines l on l.id = sl.line_id
        left join tracks tr on tr.id = l.track_id left join releases r on r.id = ${LINE_RELEASE}
        where sl.statement_id = ${statementId}`;
      const amount = sql`${halfUpCents(sql`sum(sl.amount)`)}::numeric(14, 2)::text`;
      const release = sql`coalesce(r.title, case when l.payee_id is not null then 'Platform income' else '—' end)`;
      const track = sql`coalesce(tr.title, case when l.payee_id is not null then l.store else 'Whole release' end)`;
      const [byTrack, byStore, topTracks] = await Promise.all([
        rows<{ release: string; track: string; amount: string }>(sql`
          select ${release} as release, ${track} as track, ${amount} as amount from ${from}
          group by 1, 2 order by 1, 2`),
        rows<{ store: string; country: string; amount: string }>(sql`
          select coalesce(l.store, '—') as store, coalesce(l.country, '—') as country, ${amount} as amount from ${from}
          group by 1, 2 order by sum(sl.amount) desc, 1, 2`),
        rows<{ track: string; amount: string }>(sql`
          select tr.title as track, ${amount} as amount from ${from} and tr.id is not null
          group by tr.id, tr.title order by sum(sl.amount) desc, tr.title limit 10`),
      ]);
      return { byTrack, byStore, topTracks };
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
