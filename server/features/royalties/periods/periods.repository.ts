import { sql } from "drizzle-orm";
import type { CreateRoyaltyPeriod, RoyaltyPeriod } from "@shared/royalty-statements";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { rowsOf } from "../rows";

/** Any constant works: two periods created at once cannot both pass the overlap check. */
const PERIODS_LOCK_KEY = 28_000_330;

const PERIOD_COLUMNS = sql`
  p.id, p.start::text as start, p."end"::text as "end", p.status, to_char(p.closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "closedAt",
  (select count(*)::int from royalty_statements s where s.period_id = p.id) as "statementCount",
  (select round(coalesce(sum(s.earned), 0), 2)::text from royalty_statements s where s.period_id = p.id) as earned,
  (select round(coalesce(sum(s.payable), 0), 2)::text from royalty_statements s where s.period_id = p.id) as payable`;

export function listPeriods(db: Database) {
  return rowsOf<RoyaltyPeriod>(db, sql`select ${PERIOD_COLUMNS} from royalty_periods p order by p.start desc`);
}

export async function readPeriod(db: Database, id: string): Promise<RoyaltyPeriod | undefined> {
  const [period] = await rowsOf<RoyaltyPeriod>(
    db,
    sql`select ${PERIOD_COLUMNS} from royalty_periods p where p.id = ${id}`,
  );
  return period;
}

/** Adds a period, or answers 409 naming the period it overlaps. */
export async function insertPeriod(db: Database, { start, end }: CreateRoyaltyPeriod): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PERIODS_LOCK_KEY})`);
    const [overlapping] = await rowsOf<{ start: string; end: string }>(
      tx,
      sql`select start::text as start, "end"::text as "end" from royalty_periods
          where start <= ${end} and "end" >= ${start} limit 1`,
    );
    if (overlapping)
      throw HttpError.conflict(`This period overlaps the period ${overlapping.start} to ${overlapping.end}`);
    const [created] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into royalty_periods (start, "end") values (${start}, ${end}) returning id`,
    );
    return created.id;
  });
}
