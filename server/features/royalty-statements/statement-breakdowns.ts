import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database";
import { halfUpCents } from "./royalty-closing";

type Executor = Pick<Database | Transaction, "execute">;

const LINES_OF = (statements: SQL) => sql`
  royalty_statement_lines sl join royalty_statements st on st.id = sl.statement_id and ${statements}
  join royalty_lines l on l.id = sl.line_id
  left join tracks tr on tr.id = l.track_id left join releases r on r.id = coalesce(tr.release_id, l.release_id)`;

const RELEASE = sql`coalesce(r.title, case when l.payee_id is not null then 'Platform income' else '—' end)`;
const TRACK = sql`coalesce(tr.title, case when l.payee_id is not null then l.store else 'Whole release' end)`;

/**
 * Rows of one breakdown whose cents add up to the statement's earned: each group's full-precision
 * sum floored to a cent, and the cents the flooring lost given to the groups that lost most
 * (largest remainder). `orderBy` lists the rows, over the columns exact (the sum), label, detail.
 */
function sharedOut(statements: SQL, kind: string, label: SQL, detail: SQL, orderBy: SQL) {
  return sql`
    insert into royalty_statement_breakdowns (statement_id, kind, position, label, detail, amount)
    with grouped as (
      select sl.statement_id, ${label} as label, ${detail} as detail, sum(sl.amount) as exact
      from ${LINES_OF(statements)} group by 1, 2, 3
    ), floored as (
      select g.*, floor(g.exact * 100) as cents, g.exact * 100 - floor(g.exact * 100) as remainder from grouped g
    ), ranked as (
      select f.*, row_number() over (partition by f.statement_id order by f.remainder desc, f.label, f.detail) as rank,
        st.earned * 100 - sum(f.cents) over (partition by f.statement_id) as missing
      from floored f join royalty_statements st on st.id = f.statement_id
    )
    select statement_id, ${kind}, row_number() over (partition by statement_id order by ${orderBy}), label, detail,
      (cents + case when rank <= missing then 1 else 0 end) / 100
    from ranked
    on conflict do nothing`;
}

/**
 * Computes and stores the breakdowns of the statements `statements` selects (a condition on `st`),
 * in set-based statements: at a closing, every statement of its period at once.
 */
export async function storeBreakdowns(db: Executor, statements: SQL) {
  await db.execute(sharedOut(statements, "track", RELEASE, TRACK, sql`label, detail`));
  await db.execute(
    sharedOut(
      statements,
      "store",
      sql`coalesce(l.store, '—')`,
      sql`coalesce(l.country, '—')`,
      sql`exact desc, label, detail`,
    ),
  );
  await db.execute(sql`
    insert into royalty_statement_breakdowns (statement_id, kind, position, label, detail, amount)
    select statement_id, 'top', position, title, null, amount from (
      select sl.statement_id, tr.title, ${halfUpCents(sql`sum(sl.amount)`)} as amount,
        row_number() over (partition by sl.statement_id order by sum(sl.amount) desc, tr.title) as position
      from ${LINES_OF(statements)} where tr.id is not null
      group by sl.statement_id, tr.id, tr.title
    ) ranked where position <= 10
    on conflict do nothing`);
}

/** A statement's stored breakdowns, as its PDF shows them. */
export async function readBreakdowns(db: Database, statementId: string) {
  const rows = (
    await db.execute<{ kind: string; label: string; detail: string | null; amount: string }>(sql`
      select kind, label, detail, amount::text as amount from royalty_statement_breakdowns
      where statement_id = ${statementId} order by kind, position`)
  ).rows;
  const of = (kind: string) => rows.filter((row) => row.kind === kind);
  return {
    stored: rows.length > 0,
    byTrack: of("track").map((row) => ({ release: row.label, track: row.detail ?? "", amount: row.amount })),
    byStore: of("store").map((row) => ({ store: row.label, country: row.detail ?? "", amount: row.amount })),
    topTracks: of("top").map((row) => ({ track: row.label, amount: row.amount })),
  };
}
