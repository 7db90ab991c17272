import { sql } from "drizzle-orm";
import type { RecordPayout, RoyaltyPayout } from "@shared/royalty-statements";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { isUniqueViolation } from "../../../lib/pg-errors";
import { rowsOf } from "../rows";
import { CLOSING_LOCK_KEY } from "./closing";

const ALREADY_PAID = "This statement is already paid";
const CLOSING_IN_PROGRESS = "A closing is in progress";

/** Records that a statement's payable was paid: once, on the payee's latest statement, never during a closing. */
export async function recordPayout(
  db: Database,
  statementId: string,
  payout: RecordPayout,
  userId: string,
): Promise<RoyaltyPayout> {
  try {
    return await db.transaction(async (tx) => {
      // A closing deducts the payouts it reads: one recorded while it runs would be missed,
      // and its balance paid again on the next statement.
      const [{ free }] = await rowsOf<{ free: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock_shared(${CLOSING_LOCK_KEY}) as free`,
      );
      if (!free) throw HttpError.conflict(CLOSING_IN_PROGRESS);
      // The row lock first, then the reads in a statement of their own: under READ COMMITTED
      // a statement that waited for the lock sees what the payout before it committed.
      const locked = (await tx.execute(sql`select 1 from royalty_statements where id = ${statementId} for update`)).rows
        .length;
      if (!locked) throw HttpError.notFound("No such statement");
      const [statement] = await rowsOf<{ payeeId: string; payable: string; paid: boolean; superseded: boolean }>(
        tx,
        sql`
          select payee_id as "payeeId", payable::text as payable,
            exists (select 1 from royalty_payouts po where po.statement_id = s.id) as paid,
            exists (select 1 from royalty_statements later
                    where later.payee_id = s.payee_id and later.created_at > s.created_at) as superseded
          from royalty_statements s where s.id = ${statementId}`,
      );
      if (statement.paid) throw HttpError.conflict(ALREADY_PAID);
      // An unpaid balance carries into the payee's next statement: paying this one as well
      // would pay it twice.
      if (statement.superseded)
        throw HttpError.conflict("A later statement of this payee carries this balance: record the payout there");
      if (statement.payable === "0.00")
        throw HttpError.conflict("Nothing is payable on this statement: its balance carries forward");
      const [created] = await rowsOf<RoyaltyPayout>(
        tx,
        sql`
          insert into royalty_payouts (statement_id, payee_id, amount, paid_on, reference, created_by)
          values (${statementId}, ${statement.payeeId}, ${statement.payable}, ${payout.paidOn},
            ${payout.reference ?? null}, ${userId})
          returning id, statement_id as "statementId", amount::text as amount, paid_on::text as "paidOn", reference`,
      );
      return created;
    });
  } catch (error) {
    // The unique index is the last word: one payout per statement, whatever raced it.
    if (isUniqueViolation(error, "royalty_payouts_statement_idx")) throw HttpError.conflict(ALREADY_PAID);
    throw error;
  }
}
