import { sql } from "drizzle-orm";
import type { MyRoyaltyStatement, RoyaltyStatement } from "@shared/royalty-statements";
import type { Database } from "../../../db/database";
import { rowsOf } from "../rows";
import { BREAKDOWNS_MISSING, storeBreakdowns } from "./statement-breakdowns";

const STATEMENT_COLUMNS = sql`
  s.id, s.period_id as "periodId", s.payee_id as "payeeId", py.name as "payeeName",
  s.opening::text as opening, s.earned::text as earned, s.advances::text as advances,
  s.closing::text as closing, s.payable::text as payable,
  po.paid_on::text as "paidOn", po.reference`;

const STATEMENT_FROM = sql`
  royalty_statements s join payees py on py.id = s.payee_id
  left join royalty_payouts po on po.statement_id = s.id`;

export function statementsOfPeriod(db: Database, periodId: string) {
  return rowsOf<RoyaltyStatement>(
    db,
    sql`select ${STATEMENT_COLUMNS} from ${STATEMENT_FROM}
        where s.period_id = ${periodId} order by lower(py.name), s.id`,
  );
}

/** The payees whose e-mail is this member's (an address may be several payees'). */
export async function payeeIdsOf(db: Database, email: string): Promise<string[]> {
  const found = await rowsOf<{ id: string }>(db, sql`select id from payees where lower(email) = lower(${email})`);
  return found.map((payee) => payee.id);
}

/** The payees' statements, newest period first, with what each source earned (the closing's breakdowns). */
export async function statementsOfPayees(db: Database, payeeIds: string[]) {
  const ids = sql.join(
    payeeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // Statements closed before the sources were stored get their breakdowns now, once.
  await storeBreakdowns(db, sql`st.payee_id in (${ids}) and ${BREAKDOWNS_MISSING}`);
  return rowsOf<MyRoyaltyStatement>(
    db,
    sql`
      select ${STATEMENT_COLUMNS}, rp.start::text as "periodStart", rp."end"::text as "periodEnd",
        coalesce(s.breakdowns->'bySource', '[]'::jsonb) as "bySource"
      from ${STATEMENT_FROM} join royalty_periods rp on rp.id = s.period_id
      where s.payee_id in (${ids})
      order by rp.start desc, lower(py.name)`,
  );
}

export async function readStatement(
  db: Database,
  id: string,
): Promise<(RoyaltyStatement & { payeeEmail: string }) | undefined> {
  const [found] = await rowsOf<RoyaltyStatement & { payeeEmail: string }>(
    db,
    sql`select ${STATEMENT_COLUMNS}, py.email as "payeeEmail" from ${STATEMENT_FROM} where s.id = ${id}`,
  );
  return found;
}
