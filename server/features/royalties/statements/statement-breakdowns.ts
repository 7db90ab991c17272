import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/database";
import { ROYALTY_SOURCES } from "@shared/royalty-statements";
import { halfUpCents } from "../cents";

/** A line's release: its track's, else the one its UPC matched. */
export const LINE_RELEASE = sql`coalesce(tr.release_id, l.release_id)`;
const RELEASE = sql`coalesce(r.title, case when l.payee_id is not null then 'Platform income' else '—' end)`;
const TRACK = sql`coalesce(tr.title, case when l.payee_id is not null then l.store else 'Whole release' end)`;
const LINES_OF_ST = sql`
  royalty_statement_lines sl join royalty_lines l on l.id = sl.line_id
  left join tracks tr on tr.id = l.track_id left join releases r on r.id = ${LINE_RELEASE}
  where sl.statement_id = st.id`;
/** Rounded once, half-up, and written without a column's limit: a breakdown row never overflows. */
const ROUNDED = sql`round(${halfUpCents(sql`sum(sl.amount)`)}, 2)::text`;

/**
 * Rows grouped by `columns` (two, named `a` and `b`), each row's cents by the largest remainder:
 * the floor of each row, then one more cent to the rows whose cut was largest until the rows add
 * up to the statement's earned (half-up of the full-precision total), as a payee adding the
 * column expects. Each row is a JSON object of `names` and its amount, in `order`.
 */
function inWholeCents(columns: [SQL, SQL], names: [string, string], order: SQL) {
  return sql`(
  with g as (
    select ${columns[0]} as a, ${columns[1]} as b, sum(sl.amount) * 100 as cents from ${LINES_OF_ST} group by 1, 2
  ), f as (
    select a, b, floor(cents) as cents, cents - floor(cents) as cut,
      row_number() over (order by cents - floor(cents) desc, a, b) as rank from g
  ), extra as (
    select (select floor(coalesce(sum(cents), 0) + 0.5) from g) - coalesce(sum(cents), 0) as cents from f
  )
  select coalesce(jsonb_agg(jsonb_build_object(${names[0]}::text, a, ${names[1]}::text, b,
      'amount', round((f.cents + case when f.rank <= (select cents from extra) then 1 else 0 end) / 100, 2)::text)
    order by ${order}), '[]'::jsonb)
  from f)`;
}

/** By release and track. */
const BY_TRACK = inWholeCents([RELEASE, TRACK], ["release", "track"], sql`a, b`);

/** The words of each source (ROYALTY_SOURCES), and its place in the list. */
const SOURCE_LABEL = sql`case l.source ${sql.join(
  ROYALTY_SOURCES.map(([source, label]) => sql`when ${source}::text then ${label}::text`),
  sql` `,
)} else l.source end`;
const SOURCE_ORDER = sql`array_position(array[${sql.join(
  ROYALTY_SOURCES.map(([source]) => sql`${source}::text`),
  sql`, `,
)}], a)`;

/** By source: distributors' reports, the label store, the platform's own income. */
const BY_SOURCE = inWholeCents([sql`l.source`, SOURCE_LABEL], ["source", "label"], sql`${SOURCE_ORDER} nulls last, b`);

const BY_STORE = sql`(
  select coalesce(jsonb_agg(jsonb_build_object('store', store, 'country', country, 'amount', amount) order by total desc, store, country), '[]'::jsonb)
  from (select coalesce(l.store, '—') as store, coalesce(l.country, '—') as country, ${ROUNDED} as amount, sum(sl.amount) as total
        from ${LINES_OF_ST} group by 1, 2) g)`;

const TOP_TRACKS = sql`(
  select coalesce(jsonb_agg(jsonb_build_object('track', track, 'amount', amount) order by total desc, track), '[]'::jsonb)
  from (select tr.title as track, ${ROUNDED} as amount, sum(sl.amount) as total
        from ${LINES_OF_ST} and tr.id is not null group by tr.id, tr.title order by total desc, tr.title limit 10) g)`;

/** A statement (`st`) closed before its breakdowns were stored, or before they held the sources. */
export const BREAKDOWNS_MISSING = sql`(st.breakdowns is null or st.breakdowns->'bySource' is null)`;

/**
 * Computes and stores the breakdowns of the statements `which` selects (a condition on `st`):
 * once, at the closing, so a download reads one row instead of summing every line again.
 */
export async function storeBreakdowns(db: Database | Transaction, which: SQL): Promise<void> {
  await db.execute(sql`
    update royalty_statements st
    set breakdowns = jsonb_build_object('byTrack', ${BY_TRACK}, 'byStore', ${BY_STORE}, 'topTracks', ${TOP_TRACKS},
      'bySource', ${BY_SOURCE})
    where ${which}`);
}
