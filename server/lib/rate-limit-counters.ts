import { eq, sql } from "drizzle-orm";
import { rateLimits } from "@shared/rate-limits.table";
import type { Transaction } from "../db/database";

/**
 * Takes one from the counter `key` of `rate_limits` (a window of `windowMs` from its first hit;
 * an ended window starts again at 1) unless it already reached `limit`: one conditional upsert
 * whose row lock the caller's transaction keeps until it ends, so a refused or failed change
 * counts for nothing and parallel callers on one key are counted one after another.
 * Returns null when taken, else the seconds until the window ends.
 */
export async function takeCount(tx: Transaction, key: string, windowMs: number, limit: number): Promise<number | null> {
  const counted = await tx
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt: sql`now() + make_interval(secs => ${windowMs / 1000})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${rateLimits.resetAt} <= now() or ${rateLimits.hits} < ${limit}`,
    })
    .returning({ hits: rateLimits.hits });
  if (counted.length > 0) return null;
  const [held] = await tx
    .select({ wait: sql<number>`extract(epoch from ${rateLimits.resetAt} - now())`.mapWith(Number) })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return Math.max(1, held?.wait ?? windowMs / 1000);
}

/** "12 minutes", "3 hours": how long until someone may try again. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}
