import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { rateLimits } from "@shared/rate-limits.table";
import type { User } from "@shared/users";
import { users } from "@shared/users.table";
import type { Database } from "../../db/database";

/** Free attempts before the first lock, per user and per client address. */
export const MASTER_CODE_FREE_ATTEMPTS = { perUser: 5, perAddress: 20 };
/** The first lock; each later one is twice as long, up to the maximum. */
const FIRST_LOCK_MS = 15 * 60_000;
const MAX_LOCK_MS = 12 * 60 * 60_000;
/** A streak of attempts is forgotten this long after its last attempt. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

const forgetAt = sql`now() + make_interval(secs => ${FORGET_AFTER_MS / 1000})`;

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

function lockMs(attemptsUsed: number, freeAttempts: number) {
  return Math.min(FIRST_LOCK_MS * 2 ** (attemptsUsed - freeAttempts), MAX_LOCK_MS);
}

/**
 * Master-code attempts, counted in PostgreSQL (the `rate_limits` table, so every instance
 * counts the same attempts) per user and per client address, with back-off: after the free
 * attempts each further one waits out a lock that doubles every time.
 *
 * A row's `reset_at` is when its streak is forgotten: the last attempt plus FORGET_AFTER_MS,
 * so the last attempt's time is `reset_at - FORGET_AFTER_MS` and the table's usual sweep of
 * expired rows forgets exactly the finished streaks.
 *
 * An attempt is taken (counted) before the code is compared, inside a transaction that locks
 * the rows: parallel requests queue on the lock, so no more attempts are checked than allowed.
 */
export function createMasterCodeRepository(db: Database) {
  return {
    async takeAttempt(keys: { user: string; address: string }): Promise<AttemptDecision> {
      const entries = [
        { key: `mastercode:user:${keys.user}`, free: MASTER_CODE_FREE_ATTEMPTS.perUser },
        { key: `mastercode:ip:${keys.address}`, free: MASTER_CODE_FREE_ATTEMPTS.perAddress },
      ].sort((a, b) => a.key.localeCompare(b.key)); // one lock order everywhere: no deadlock

      return db.transaction(async (tx) => {
        await tx
          .insert(rateLimits)
          .values(entries.map(({ key }) => ({ key, hits: 0, resetAt: forgetAt })))
          .onConflictDoNothing();
        const rows = await tx
          .select({
            key: rateLimits.key,
            hits: rateLimits.hits,
            resetAt: rateLimits.resetAt,
            now: sql<Date>`now()`.mapWith((v) => new Date(v)),
          })
          .from(rateLimits)
          .where(
            inArray(
              rateLimits.key,
              entries.map((e) => e.key),
            ),
          )
          .orderBy(rateLimits.key)
          .for("update");

        let waitMs = 0;
        const used = new Map<string, number>();
        for (const row of rows) {
          const { free } = entries.find((e) => e.key === row.key)!;
          const now = row.now.getTime();
          // A forgotten streak starts again from zero.
          const hits = row.resetAt.getTime() <= now ? 0 : row.hits;
          used.set(row.key, hits);
          if (hits < free) continue;
          const lastAttempt = row.resetAt.getTime() - FORGET_AFTER_MS;
          waitMs = Math.max(waitMs, lastAttempt + lockMs(hits, free) - now);
        }
        if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };

        for (const { key } of entries) {
          await tx
            .update(rateLimits)
            .set({ hits: (used.get(key) ?? 0) + 1, resetAt: forgetAt })
            .where(sql`${rateLimits.key} = ${key}`);
        }
        return { allowed: true };
      });
    },

    /**
     * The master code's grant, recorded as such so that sign-in never takes it back
     * (docs/decisions/003-identity-and-roles.md). An admin already stays as they are.
     */
    async grantAdmin(userId: string): Promise<User | undefined> {
      const [granted] = await db
        .update(users)
        .set({ role: "admin", adminSource: "master-code", updatedAt: new Date() })
        .where(and(eq(users.id, userId), ne(users.role, "admin")))
        .returning();
      if (granted) return granted;
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return user;
    },
  };
}

export type MasterCodeRepository = ReturnType<typeof createMasterCodeRepository>;
