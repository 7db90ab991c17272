import { sql } from "drizzle-orm";
import type { NewOutboxMessage } from "@shared/outbox";
import type { Database, Transaction } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { halfUpCents } from "../cents";
import { refuseArtistsOverShared } from "./platform-income";
import { storeBreakdowns } from "../statements/statement-breakdowns";

/**
 * Any constant works: it serialises every closing, across all instances sharing the database.
 * A closing takes it exclusively; a payout takes it shared, so payouts never wait on each other
 * but never run while a closing reads the payouts to deduct.
 */
export const CLOSING_LOCK_KEY = 28_000_331;

interface PeriodRow extends Record<string, unknown> {
  id: string;
  start: string;
  end: string;
  status: string;
}

export interface ClosingDeps {
  db: Database;
  minimumPayout: string;
  /** Queues the payees' e-mails inside the closing's transaction (the outbox's `messages.queue`). */
  queue: (tx: Transaction, messages: NewOutboxMessage[]) => Promise<unknown>;
  /** Where a payee reads their statements. */
  royaltiesUrl: string;
}

const plural = (count: number) =>
  count === 1
    ? "1 unmatched line dated inside this period remains: assign it first"
    : `${count} unmatched lines dated inside this period remain: assign them first`;

/** The largest figure a statement's columns (numeric(14,2)) hold, either way. */
const LARGEST_FIGURE = "999999999999.99";

/**
 * A figure its column cannot hold would stop the closing with PostgreSQL's "numeric field
 * overflow": it is found first and told in words, and the transaction writes nothing.
 */
async function refuseOverflow(tx: Transaction) {
  const [over] = (
    await tx.execute<{ name: string; figure: string; amount: string }>(sql`
      select p.name, f.figure,
        case when f.amount < 0 then '-' else '' end || to_char(abs(f.amount), 'FM999,999,999,999,999,999,999,999,999,990.00') as amount
      from closing_figures c join payees p on p.id = c.payee_id
      cross join lateral (values (1, 'an opening balance of', c.opening), (2, 'earned', c.earned),
        (3, 'advances of', c.advances), (4, 'a closing balance of', c.closing)) f(rank, figure, amount)
      where abs(f.amount) > ${LARGEST_FIGURE}::numeric
      order by lower(p.name), f.rank limit 1`)
  ).rows;
  if (over)
    throw HttpError.conflict(
      `The statement of ${over.name} would have ${over.figure} ${over.amount}, more than a statement holds ` +
        `(999,999,999,999.99 either way): check that payee's report lines, advances and payouts. Nothing was closed.`,
    );
}

/**
 * Closes a period in one transaction (docs/decisions/033-royalty-money-rules.md): claims the
 * waiting lines, shares each among its payees at full precision, and locks one statement per
 * payee. Every step is one set-based statement: a period can hold millions of report lines.
 */
export async function closePeriod(deps: ClosingDeps, periodId: string, closedBy: string): Promise<void> {
  const { db, minimumPayout } = deps;
  await db.transaction(async (tx) => {
    // The advisory lock first: two instances closing two periods at once would each read the
    // other's waiting lines and previous statements half-written.
    await tx.execute(sql`select pg_advisory_xact_lock(${CLOSING_LOCK_KEY})`);
    const [period] = (
      await tx.execute<PeriodRow>(
        sql`select id, start::text as start, "end"::text as "end", status from royalty_periods where id = ${periodId} for update`,
      )
    ).rows;
    if (!period) throw HttpError.notFound("No such period");
    if (period.status === "closed") throw HttpError.conflict("This period is already closed");
    const [{ count }] = (
      await tx.execute<{ count: number }>(sql`
        select count(*)::int as count from royalty_lines
        where track_id is null and release_id is null and payee_id is null
          and reported_on between ${period.start} and ${period.end}`)
    ).rows;
    if (count > 0) throw HttpError.conflict(plural(count));

    // a. Matched lines still waiting, this period's and any reported late for a closed one.
    await tx.execute(sql`
      update royalty_lines set period_id = ${periodId}
      where period_id is null and reported_on <= ${period.end}
        and (track_id is not null or release_id is not null or payee_id is not null)`);

    // Platform income shares changed since it was added must still not pay an artist's income twice.
    await refuseArtistsOverShared(tx, periodId);

    // b. Each line's shares (× 0.01, not ÷ 100: a product is exact in numeric, a quotient is cut at a scale): a track's own splits if it has any, else its release's; platform
    // income at its payee's platform share.
    await tx.execute(sql`
      create temp table closing_shares on commit drop as
      with claimed as (
        select l.id, l.converted, l.track_id, coalesce(t.release_id, l.release_id) as release_id, l.payee_id
        from royalty_lines l left join tracks t on t.id = l.track_id
        where l.period_id = ${periodId}
      )
      select c.id as line_id, s.payee_id, s.share, c.converted
        from claimed c join royalty_splits s on s.track_id = c.track_id
      union all
      select c.id, s.payee_id, s.share, c.converted
        from claimed c join royalty_splits s on s.release_id = c.release_id
        where c.payee_id is null
          and (c.track_id is null or not exists (select 1 from royalty_splits own where own.track_id = c.track_id))
      union all
      select c.id, p.id, p.platform_share, c.converted
        from claimed c join payees p on p.id = c.payee_id
        where p.platform_share > 0`);

    // c. One statement per payee with lines, advances, a balance carried or a payout to deduct.
    // clock_timestamp(): closings wait on the lock, so the order they commit in is the order
    // of their statements, which is what "the previous statement" means.
    await tx.execute(sql`
      insert into royalty_statements (period_id, payee_id, opening, earned, advances, closing, payable, created_at)
      select ${periodId}, payee_id, 0, 0, 0, 0, 0, clock_timestamp() from (
        select payee_id from closing_shares
        union select payee_id from royalty_advances where statement_id is null and date <= ${period.end}
        union select payee_id from royalty_payouts where applied_statement_id is null
        union select payee_id from (
          select distinct on (payee_id) payee_id, closing from royalty_statements
          order by payee_id, created_at desc
        ) latest where closing <> 0
      ) payees`);
    await tx.execute(sql`
      insert into royalty_statement_lines (statement_id, line_id, share, amount)
      select st.id, sh.line_id, sh.share, sh.converted * sh.share * 0.01
      from closing_shares sh join royalty_statements st on st.period_id = ${periodId} and st.payee_id = sh.payee_id`);
    await tx.execute(sql`
      update royalty_advances a set statement_id = st.id
      from royalty_statements st
      where st.period_id = ${periodId} and st.payee_id = a.payee_id and a.statement_id is null and a.date <= ${period.end}`);
    await tx.execute(sql`
      update royalty_payouts po set applied_statement_id = st.id
      from royalty_statements st
      where st.period_id = ${periodId} and st.payee_id = po.payee_id and po.applied_statement_id is null`);
    await tx.execute(sql`
      create temp table closing_figures on commit drop as
      with figures as (
        select st.id, st.payee_id,
          ${halfUpCents(sql`coalesce((select sum(amount) from royalty_statement_lines where statement_id = st.id), 0)`)} as earned,
          coalesce((select sum(amount) from royalty_advances where statement_id = st.id), 0) as advances,
          coalesce((select prev.closing from royalty_statements prev
                    where prev.payee_id = st.payee_id and prev.period_id <> st.period_id
                    order by prev.created_at desc limit 1), 0)
            - coalesce((select sum(amount) from royalty_payouts where applied_statement_id = st.id), 0) as opening
        from royalty_statements st where st.period_id = ${periodId}
      )
      select id, payee_id, opening, earned, advances, opening + earned - advances as closing from figures`);
    await refuseOverflow(tx);
    await tx.execute(sql`
      update royalty_statements st set
        opening = t.opening, earned = t.earned, advances = t.advances, closing = t.closing,
        payable = case when t.closing > 0 and t.closing >= ${minimumPayout}::numeric then t.closing else 0 end
      from closing_figures t where st.id = t.id`);

    // The files' breakdowns, once: the statements never change after this.
    await storeBreakdowns(tx, sql`st.period_id = ${periodId}`);

    // d. Locked: nothing recomputes a closed period's statements.
    await tx.execute(sql`
      update royalty_periods set status = 'closed', closed_at = now(), closed_by = ${closedBy} where id = ${periodId}`);

    // e. Each payee hears of it once the closing commits (the outbox shares its transaction).
    const payees = (
      await tx.execute<{ statementId: string; name: string; email: string; earned: string; payable: string }>(sql`
        select st.id as "statementId", p.name, p.email, st.earned::text as earned, st.payable::text as payable
        from royalty_statements st join payees p on p.id = st.payee_id
        where st.period_id = ${periodId}`)
    ).rows;
    if (payees.length)
      await deps.queue(
        tx,
        payees.map((payee) => ({
          template: "royalty-statement-ready" as const,
          params: {
            payeeName: payee.name,
            periodStart: period.start,
            periodEnd: period.end,
            earned: payee.earned,
            payable: payee.payable,
            link: deps.royaltiesUrl,
          },
          recipient: payee.email,
          aboutType: "royalty-statement",
          aboutId: payee.statementId,
        })),
      );
  });
}
