import { sql } from "drizzle-orm";
import type { PlatformIncome } from "@shared/royalty-statements";
import type { Database, Transaction } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";

/**
 * Payees sharing one artist name each get a line of that artist's whole income at their
 * platform share: together at most 100 %, or the artist's income would be paid out more than
 * once. Checked when income is added and again at the closing (shares can change between).
 */
export async function refuseArtistsOverShared(tx: Transaction, onlyClaimedBy?: string): Promise<void> {
  const [over] = (
    await tx.execute<{ artist: string; total: string }>(sql`
      select min(p.artist_name) as artist, trim_scale(sum(p.platform_share))::text as total
      from payees p where p.artist_name is not null and p.platform_share > 0
      group by lower(p.artist_name)
      having sum(p.platform_share) > 100 ${
        onlyClaimedBy
          ? sql`and exists (select 1 from royalty_lines l join payees q on q.id = l.payee_id
                  where l.period_id = ${onlyClaimedBy} and lower(q.artist_name) = lower(min(p.artist_name)))`
          : sql``
      }
      order by 1 limit 1`)
  ).rows;
  if (over)
    throw HttpError.conflict(
      `The payees of ${over.artist} have platform shares of ${over.total} % in all: at most 100 % of an ` +
        `artist's platform income can be shared. Change their shares first.`,
    );
}

/** A platform line's key: one per source, period (whose days it counts) and payee. */
const keyOf = (source: ReturnType<typeof sql>, periodId: ReturnType<typeof sql>, payeeId: ReturnType<typeof sql>) =>
  sql`(${source} || ':' || ${periodId} || ':' || ${payeeId})`;

/**
 * The platform's own income for each payee with an artist name, for the days of this period
 * and of every earlier period it was added to (UTC, by the day it was paid). A line a closed
 * period claimed is never changed: what the days earn now, less every line already counting
 * them, becomes a new line dated this period's end, so the next closing counts it (a refund
 * after a close included). The lines this period's adding wrote and no closing claimed yet are
 * written again, not added twice.
 */
export async function addPlatformIncome(db: Database, periodId: string): Promise<PlatformIncome["lines"]> {
  return db.transaction(async (tx) => {
    const [period] = (
      await tx.execute<{ end: string; status: string }>(sql`
        select "end"::text as "end", status from royalty_periods where id = ${periodId} for update`)
    ).rows;
    if (!period) throw HttpError.notFound("No such period");
    if (period.status !== "open") throw HttpError.conflict("This period is closed: its statements are locked");
    await refuseArtistsOverShared(tx);

    // What this period's adding wrote before and nothing claimed: written again below.
    // "source_key is not null": the platform lines only, through their partial index (a table of
    // report lines can hold millions).
    await tx.execute(sql`
      delete from royalty_lines
      where source_key is not null and period_id is null
        and (source_key = ${keyOf(sql`source`, sql`${periodId}`, sql`payee_id`)}
             or source_key like ${`%:in:${periodId}:%`})`);

    // The planner cannot tell how few rows the sums per payee, source and period read, and would
    // spend seconds compiling this statement (JIT) to save milliseconds.
    await tx.execute(sql`set local jit = off`);
    const inDays = (paidAt: ReturnType<typeof sql>) =>
      sql`(${paidAt} at time zone 'UTC')::date between d.start and d."end"`;
    const lines = (
      await tx.execute<{ payeeId: string; source: string; amount: string }>(sql`
        with platform as materialized (
          -- Every platform line by the days it counts: its key's first three parts.
          select split_part(source_key, ':', 1) || ':' || split_part(source_key, ':', 2) || ':' || split_part(source_key, ':', 3) as own_key,
            split_part(source_key, ':', 2) as days_of, amount
          from royalty_lines where source_key is not null
        ), counted as (
          select own_key, sum(amount) as amount from platform group by own_key
        ), days as (
          -- This period, and the earlier ones whose income was added (a line of theirs exists).
          select rp.id, rp.start, rp."end" from royalty_periods rp
          where rp.id = ${periodId}
             or (rp."end" < ${period.end} and rp.id in (select days_of from platform))
        ), income as (
          select d.id as days_of, p.id as payee_id, s.source, s.store,
            case s.source
              when 'tickets' then (
                select coalesce(sum(tp.total_amount), 0) from ticket_purchases tp join events e on e.id = tp.event_id
                where lower(e.artist) = lower(p.artist_name) and tp.paid_at is not null
                  and tp.status in ('confirmed', 'used') and ${inDays(sql`tp.paid_at`)})
              when 'merchandise' then (
                select coalesce(sum(l.unit_price * l.quantity), 0)
                from merchandise_order_lines l join merchandise_orders o on o.id = l.order_id
                join merchandise m on m.id = l.merchandise_id
                where lower(m.artist) = lower(p.artist_name) and o.paid_at is not null
                  and o.status not in ('pending', 'failed', 'cancelled', 'returned') and ${inDays(sql`o.paid_at`)})
              else (
                select coalesce(sum(vb.amount), 0) from vendor_bookings vb join tour_dates td on td.id = vb.tour_date_id
                where lower(td.artist_name) = lower(p.artist_name) and vb.payment_status = 'paid'
                  and ${inDays(sql`vb.created_at`)})
            end as amount
          from days d cross join payees p
          cross join (values ('tickets', 'Tickets'), ('merchandise', 'Merchandise'), ('vendor-slots', 'Vendor slots')) s(source, store)
          where p.artist_name is not null
        ), differences as (
          select i.*, k.own_key, i.amount - coalesce(c.amount, 0) as difference
          from income i
          cross join lateral (select ${keyOf(sql`i.source`, sql`i.days_of`, sql`i.payee_id`)} as own_key) k
          left join counted c on c.own_key = k.own_key
        ), written as (
          insert into royalty_lines (source, reported_on, store, currency, amount, rate, converted, payee_id, source_key)
          select source, ${period.end}, store, 'USD', difference, 1, difference, payee_id,
            case when not exists (select 1 from platform x where x.own_key = differences.own_key) then own_key
                 else own_key || ':in:' || ${periodId} || ':' || gen_random_uuid() end
          from differences where difference <> 0
          returning payee_id, source, amount
        )
        -- What this period's adding counts, per payee and source (its corrections included).
        select payee_id as "payeeId", source, round(sum(amount), 2)::text as amount
        from written group by payee_id, source having sum(amount) <> 0`)
    ).rows;
    return lines as PlatformIncome["lines"];
  });
}
