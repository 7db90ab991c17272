import { sql } from "drizzle-orm";
import type {
  CreateRoyaltyPeriod,
  MyRoyaltyStatement,
  RecordPayout,
  RoyaltyPayout,
  RoyaltyPeriod,
  RoyaltyStatement,
} from "@shared/royalty-statements";
import type { Database } from "../../db/database";
import { HttpError } from "../../lib/http-error";
import { isUniqueViolation } from "../../lib/pg-errors";
import { addPlatformIncome } from "./platform-income";
import { CLOSING_LOCK_KEY } from "./royalty-closing";

/** Any constant works: two periods created at once cannot both pass the overlap check. */
const PERIODS_LOCK_KEY = 28_000_330;

const PERIOD_COLUMNS = sql`
  p.id, p.start::text as start, p."end"::text as "end", p.status, to_char(p.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "closedAt",
  (select count(*)::int from royalty_statements s where s.period_id = p.id) as "statementCount",
  (select round(coalesce(sum(s.earned), 0), 2)::text from royalty_statements s where s.period_id = p.id) as earned,
  (select round(coalesce(sum(s.payable), 0), 2)::text from royalty_statements s where s.period_id = p.id) as payable`;

const STATEMENT_COLUMNS = sql`
  s.id, s.period_id as "periodId", s.payee_id as "payeeId", py.name as "payeeName",
  s.opening::text as opening, s.earned::text as earned, s.advances::text as advances,
  s.closing::text as closing, s.payable::text as payable,
  po.paid_on::text as "paidOn", po.reference`;

const STATEMENT_FROM = sql`
  royalty_statements s join payees py on py.id = s.payee_id
  left join royalty_payouts po on po.statement_id = s.id`;

const ALREADY_PAID = "This statement is already paid";
export const CLOSING_IN_PROGRESS = "A closing is in progress";

export interface StatementAccess {
  id: string;
  payeeEmail: string;
}

export function createRoyaltyStatementsRepository(db: Database) {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as unknown as T[];

  return {
    listPeriods: () => rows<RoyaltyPeriod>(sql`select ${PERIOD_COLUMNS} from royalty_periods p order by p.start desc`),

    async period(id: string): Promise<RoyaltyPeriod | undefined> {
      const [period] = await rows<RoyaltyPeriod>(
        sql`select ${PERIOD_COLUMNS} from royalty_periods p where p.id = ${id}`,
      );
      return period;
    },

    async createPeriod({ start, end }: CreateRoyaltyPeriod): Promise<string> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${PERIODS_LOCK_KEY})`);
        const overlapping = (
          await tx.execute<{ start: string; end: string }>(sql`
            select start::text as start, "end"::text as "end" from royalty_periods
            where start <= ${end} and "end" >= ${start} limit 1`)
        ).rows[0];
        if (overlapping)
          throw HttpError.conflict(`This period overlaps the period ${overlapping.start} to ${overlapping.end}`);
        const [created] = (
          await tx.execute<{ id: string }>(sql`
            insert into royalty_periods (start, "end") values (${start}, ${end}) returning id`)
        ).rows;
        return created.id;
      });
    },

    periodStatements: (periodId: string) =>
      rows<RoyaltyStatement>(sql`
        select ${STATEMENT_COLUMNS} from ${STATEMENT_FROM}
        where s.period_id = ${periodId} order by lower(py.name), s.id`),

    /** The payees whose e-mail is this member's (an address may be several payees'). */
    async payeeIdsOf(email: string): Promise<string[]> {
      const found = await rows<{ id: string }>(sql`select id from payees where lower(email) = lower(${email})`);
      return found.map((payee) => payee.id);
    },

    statementsOfPayees: (payeeIds: string[]) =>
      rows<MyRoyaltyStatement>(sql`
        select ${STATEMENT_COLUMNS}, rp.start::text as "periodStart", rp."end"::text as "periodEnd"
        from ${STATEMENT_FROM} join royalty_periods rp on rp.id = s.period_id
        where s.payee_id in (${sql.join(
          payeeIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by rp.start desc, lower(py.name)`),

    async statement(id: string): Promise<(RoyaltyStatement & { payeeEmail: string }) | undefined> {
      const [found] = await rows<RoyaltyStatement & { payeeEmail: string }>(sql`
        select ${STATEMENT_COLUMNS}, py.email as "payeeEmail" from ${STATEMENT_FROM} where s.id = ${id}`);
      return found;
    },

    async recordPayout(statementId: string, payout: RecordPayout, userId: string): Promise<RoyaltyPayout> {
      try {
        return await db.transaction(async (tx) => {
          // A closing deducts the payouts it reads: one recorded while it runs would be missed,
          // and its balance paid again on the next statement.
          const [{ free }] = (
            await tx.execute<{ free: boolean }>(
              sql`select pg_try_advisory_xact_lock_shared(${CLOSING_LOCK_KEY}) as free`,
            )
          ).rows;
          if (!free) throw HttpError.conflict(CLOSING_IN_PROGRESS);
          // The row lock first, then the reads in a statement of their own: under READ COMMITTED
          // a statement that waited for the lock sees what the payout before it committed.
          const locked = (await tx.execute(sql`select 1 from royalty_statements where id = ${statementId} for update`))
            .rows.length;
          if (!locked) throw HttpError.notFound("No such statement");
          const [statement] = (
            await tx.execute<{ payeeId: string; payable: string; paid: boolean; superseded: boolean }>(sql`
              select payee_id as "payeeId", payable::text as payable,
                exists (select 1 from royalty_payouts po where po.statement_id = s.id) as paid,
                exists (select 1 from royalty_statements later
                        where later.payee_id = s.payee_id and later.created_at > s.created_at) as superseded
              from royalty_statements s where s.id = ${statementId}`)
          ).rows;
          if (statement.paid) throw HttpError.conflict(ALREADY_PAID);
          // An unpaid balance carries into the payee's next statement: paying this one as well
          // would pay it twice.
          if (statement.superseded)
            throw HttpError.conflict("A later statement of this payee carries this balance: record the payout there");
          if (statement.payable === "0.00")
            throw HttpError.conflict("Nothing is payable on this statement: its balance carries forward");
          const [created] = (
            await tx.execute<RoyaltyPayout>(sql`
              insert into royalty_payouts (statement_id, payee_id, amount, paid_on, reference, created_by)
              values (${statementId}, ${statement.payeeId}, ${statement.payable}, ${payout.paidOn},
                ${payout.reference ?? null}, ${userId})
              returning id, statement_id as "statementId", amount::text as amount, paid_on::text as "paidOn", reference`)
          ).rows;
          return created;
        });
      } catch (error) {
        // The unique index is the last word: one payout per statement, whatever raced it.
        if (isUniqueViolation(error, "royalty_payouts_statement_idx")) throw HttpError.conflict(ALREADY_PAID);
        throw error;
      }
    },

    addPlatformIncome: (periodId: string) => addPlatformIncome(db, periodId),
  };
}

export type RoyaltyStatementsRepository = ReturnType<typeof createRoyaltyStatementsRepository>;
