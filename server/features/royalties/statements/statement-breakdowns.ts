import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../../db/database";
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
 * By release and track, each row's cents by the largest remainder: the floor of each row, then
 * one more cent to the rows whose cut was largest until the rows add up to the statement's
 * earned (half-up of the full-precision total), as a payee adding the column expects.
 */
const BY_TRACK = sql`(
  with g as (
    select ${RELEASE} as release, ${TRACK} as track, sum(sl.amount) * 100 as cents from ${LINES_OF_ST} group by 1, 2
  ), f as (
    select release, track, floor(cents) as cents, cents - floor(cents) as cut,
      row_number() over (order by cents - floor(cents) desc, release, track) as rank from g
  ), extra as (
    select (select floor(coalesce(sum(cents), 0) + 0.5) from g) - coalesce(sum(cents), 0) as cents from f
  )
  select coalesce(jsonb_agg(jsonb_build_object('release', release, 'track', track,
      'amount', round((f.cents + case when f.rank <= (select cents from extra) then 1 else 0 end) / 100, 2)::text)
    order by release, track), '[]'::jsonb)
  from f)`;

const BY_STORE = sql`(
  select coalesce(jsonb_agg(jsonb_build_object('store', store, 'country', country, 'amount', amount) order by total desc, store, country), '[]'::jsonb)
  from (select coalesce(l.store, '—') as store, coalesce(l.country, '—') as country, ${ROUNDED} as amount, sum(sl.amount) as total
        from ${LINES_OF_ST} group by 1, 2) g)`;

const TOP_TRACKS = sql`(
  select coalesce(jsonb_agg(jsonb_build_object('track', track, 'amount', amount) order by total desc, track), '[]'::jsonb)
  from (select tr.title as track, ${ROUNDED} as amount, sum(sl.amount) as total
        from ${LINES_OF_ST} and tr.id is not null group by tr.id, tr.title order by total desc, tr.title limit 10) g)`;

/**
 * Computes and stores the breakdowns of the statements `which` selects (a condition on `st`):
 * once, at the closing, so a download reads one row instead of summing every line again.
 */
export async function storeBreakdowns(db: Database | Transaction, which: SQL): Promise<void> {
  await db.execute(sql`
    update royalty_statements st
    set breakdowns = jsonb_build_object('byTrack', ${BY_TRACK}, 'byStore', ${BY_STORE}, 'topTracks', ${TOP_TRACKS})
    where ${which}`);
}
