import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * The calendar day it is right now at a venue, in SQL: `now()` seen in the row's IANA zone
 * (`timeZone`, null on rows older than the column: `defaultTimeZone`, DEFAULT_TIME_ZONE). A show
 * is on sale and upcoming through its whole day at the venue; the database's `current_date`
 * would end it at the database's midnight instead, 19:00 in New York for a UTC server
 * (docs/decisions/024-instants-and-venue-days.md).
 */
export function venueToday(timeZone: AnyPgColumn, defaultTimeZone: string): SQL {
  return sql`(now() at time zone coalesce(${timeZone}, ${defaultTimeZone}::text))::date`;
}
