import { sql, type SQL } from "drizzle-orm";
import type { PlatformIncome } from "@shared/royalty-statements";
import type { Database, Transaction } from "../../db/database";
import { HttpError } from "../../lib/http-error";

interface OverSharedRow extends Record<string, unknown> {
  artist: string;
  total: string;
}

/**
 * Payees sharing one artist name split that artist's platform income: 409 when their platform
 * shares add up to more than 100 %, which would credit more than the platform took.
 * `payeeIds` narrows the check to the payees of a closing's lines.
 */
export async function refuseOverSharedArtists(tx: Transaction, payeeIds?: SQL) {
  const [row] = (
    await tx.execute<OverSharedRow>(sql`
      select min(artist_name) as artist, sum(platform_share)::text as total from payees
      where artist_name is not null and platform_share > 0
        ${payeeIds ? sql`and lower(artist_name) in (select lower(artist_name) from payees where id in (${payeeIds}))` : sql``}
      group by lower(artist_name) having sum(platform_share) > 100
      order by 1 limit 1`)
  ).rows;
  if (row)
    throw HttpError.conflict(
      `The payees with the artist name "${row.artist}" have platform shares of ${row.total} % in all: together they can have at most 100 %`,
    );
}

/**
 * The platform's own income for each payee with an artist name, one line per source and period
 * (docs/decisions/037-royalties-after-the-close.md). A line a closed period claimed is never
 * changed: the period's line holds what the platform took in its days and in every earlier
 * period's days, less what earlier lines already counted, so a refund after a close becomes a
 * negative difference here. Adding again replaces only the period's own unclaimed line.
 */
export async function addPlatformIncome(db: Database, periodId: string): Promise<PlatformIncome["lines"]> {
  return db.transaction(async (tx) => {
    const [period] = (
      await tx.execute<{ start: string; end: string; status: string }>(sql`
        select start::text as start, "end"::text as "end", status from royalty_periods
        where id = ${periodId} for update`)
    ).rows;
    if (!period) throw HttpError.notFound("No such period");
    if (period.status !== "open") throw HttpError.conflict("This period is closed: its statements are locked");
    await refuseOverSharedArtists(tx);
    // A sale counts when it was paid (UTC day) inside this period or any earlier one: days in
    // no period (a gap, the time before the first) count for none.
    const counted = (paidAt: SQL) => sql`exists (
      select 1 from royalty_periods pp where pp.start <= ${period.start}
        and (${paidAt} at time zone 'UTC')::date between pp.start and pp."end")`;
    const lines = (
      await tx.execute<{ payeeId: string; source: string; amount: string }>(sql`
        with income as (
          select p.id as payee_id, 'tickets' as source, 'Tickets' as store,
            (select coalesce(sum(tp.total_amount), 0) from ticket_purchases tp join events e on e.id = tp.event_id
             where lower(e.artist) = lower(p.artist_name) and tp.paid_at is not null
               and tp.status in ('confirmed', 'used') and ${counted(sql`tp.paid_at`)}) as amount
          from payees p where p.artist_name is not null
          union all
          select p.id, 'merchandise', 'Merchandise',
            (select coalesce(sum(l.unit_price * l.quantity), 0)
             from merchandise_order_lines l join merchandise_orders o on o.id = l.order_id
             join merchandise m on m.id = l.merchandise_id
             where lower(m.artist) = lower(p.artist_name) and o.paid_at is not null
               and o.status not in ('pending', 'failed', 'cancelled', 'returned') and ${counted(sql`o.paid_at`)})
          from payees p where p.artist_name is not null
          union all
          select p.id, 'vendor-slots', 'Vendor slots',
            (select coalesce(sum(vb.amount), 0) from vendor_bookings vb join tour_dates td on td.id = vb.tour_date_id
             where lower(td.artist_name) = lower(p.artist_name) and vb.payment_status = 'paid'
               and ${counted(sql`vb.created_at`)})
          from payees p where p.artist_name is not null
        ), prefixed as (
          select income.*, source || ':' || ${periodId} || ':' || payee_id as prefix from income
        ), keyed as (
          -- The period's line keeps its key until a closing claims it; the next one gets ":1", …
          select prefixed.*, prefix || coalesce(':' || nullif((
              select count(*) from royalty_lines c
              where c.period_id is not null and (c.source_key = prefix or c.source_key like prefix || ':%')), 0)::text, '')
            as source_key
          from prefixed
        ), owed as (
          select keyed.*, amount - coalesce((
              select sum(o.converted) from royalty_lines o
              where o.source = keyed.source and o.payee_id = keyed.payee_id and o.reported_on <= ${period.end}
                and o.source_key is distinct from keyed.source_key), 0) as difference
          from keyed
        )
        insert into royalty_lines (source, reported_on, store, currency, amount, rate, converted, payee_id, source_key)
        select source, ${period.end}, store, 'USD', difference, 1, difference, payee_id, source_key from owed
        where difference <> 0 or exists (select 1 from royalty_lines x where x.source_key = owed.source_key)
        on conflict (source_key) where source_key is not null
        do update set amount = excluded.amount, converted = excluded.converted, reported_on = excluded.reported_on
          where royalty_lines.period_id is null
        returning payee_id as "payeeId", source, amount::numeric(14, 2)::text as amount`)
    ).rows;
    return lines as PlatformIncome["lines"];
  });
}
