import { rateLimit, ipKeyGenerator, type Store, type Options, type IncrementResponse } from "express-rate-limit";
import { eq, lt, sql } from "drizzle-orm";
import type { Request, RequestHandler } from "express";
import { rateLimits } from "@shared/rate-limits.table";
import type { Database } from "../db/database";
import { HttpError } from "./http-error";

/**
 * Counts one hit on `key`: an expired window starts again at 1, a live one counts up. One atomic
 * upsert, prepared by name so PostgreSQL parses it once per connection and drizzle builds it once.
 */
function prepareHit(db: Database) {
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), hits: 1, resetAt: sql.placeholder("resetAt") })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
    .prepare("rate_limit_hit");
}

/** The scheduled job that runs removeExpiredRateLimits (defined in app.ts). */
export const RATE_LIMITS_CLEANUP_QUEUE = "rate-limits-cleanup";

/**
 * Deletes the counters whose window has ended, which a next hit would restart at 1 anyway, so
 * removing them changes no limit. A scheduled job (app.ts), not part of any request.
 */
export async function removeExpiredRateLimits(db: Database): Promise<number> {
  const removed = await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
  return removed.rowCount ?? 0;
}

/** express-rate-limit store on PostgreSQL: one atomic upsert per counted request. */
class PostgresRateLimitStore implements Store {
  localKeys = false;
  private windowMs = 60_000;
  private hit: ReturnType<typeof prepareHit> | undefined;

  constructor(
    private readonly db: Database,
    readonly prefix: string,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    // Prepared at the first hit, so building the app needs no database.
    this.hit ??= prepareHit(this.db);
    const [row] = await this.hit.execute({ key: this.prefix + key, resetAt: new Date(Date.now() + this.windowMs) });
    return { totalHits: row.hits, resetTime: row.resetAt };
  }

  async decrement(key: string) {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(eq(rateLimits.key, this.prefix + key));
  }

  async resetKey(key: string) {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, this.prefix + key));
  }
}

/**
 * The client's address as every limit counts it: the one TRUST_PROXY lets Express believe,
 * with an IPv6 address reduced to its /56 network (one subscriber gets a whole block).
 */
export function clientAddress(req: Request): string {
  return ipKeyGenerator(req.ip ?? "unknown");
}

function limiter(
  db: Database,
  name: string,
  windowMs: number,
  limit: number,
  message: string,
  byUser: boolean,
): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // TRUST_PROXY decides whether X-Forwarded-For is believed; a client sending one to an app
    // that does not trust it is expected, not a misconfiguration worth a log line each time.
    validate: { xForwardedForHeader: false },
    store: new PostgresRateLimitStore(db, `${name}:`),
    // Purchases and uploads are counted per signed-in user where there is one; sign-in per address.
    keyGenerator: (req) => (byUser && req.user ? `user:${req.user.id}` : `ip:${clientAddress(req)}`),
    // Through the error handlers, so a person's sign-in navigation gets a page, code gets JSON.
    handler: (_req, res, next, options) => {
      res.setHeader("Retry-After", String(Math.ceil(options.windowMs / 1000)));
      next(HttpError.tooMany(message));
    },
  });
}

export function createRateLimiters(
  db: Database,
  limits: {
    signInPer15Minutes: number;
    purchasesPerMinute: number;
    uploadsPer15Minutes: number;
    publicInvoicesPerMinute: number;
    documentsPerMinute: number;
  },
) {
  return {
    signIn: limiter(
      db,
      "signin",
      15 * 60_000,
      limits.signInPer15Minutes,
      "Too many sign-in attempts. Please wait a few minutes and try again.",
      false,
    ),
    // The built-in provider's form, counted apart: a sign-in already counted once at
    // /api/login, and the form can be reached without it (the provider's own /oidc/auth).
    signInForm: limiter(
      db,
      "signin-form",
      15 * 60_000,
      limits.signInPer15Minutes,
      "Too many sign-in attempts. Please wait a few minutes and try again.",
      false,
    ),
    purchase: limiter(
      db,
      "purchase",
      60_000,
      limits.purchasesPerMinute,
      "Too many purchase attempts. Please wait a minute and try again.",
      true,
    ),
    upload: limiter(
      db,
      "upload",
      15 * 60_000,
      limits.uploadsPer15Minutes,
      "Too many uploads. Please wait a few minutes and try again.",
      true,
    ),
    // Public invoice links are guessable by no one, but each read renders or records work.
    publicInvoice: limiter(
      db,
      "public-invoice",
      60_000,
      limits.publicInvoicesPerMinute,
      "Too many requests for this invoice. Please wait a minute and try again.",
      false,
    ),
    // Each PDF is CPU work on a shared pool of threads (docs/decisions/022-documents-off-the-main-thread.md).
    document: limiter(
      db,
      "document",
      60_000,
      limits.documentsPerMinute,
      "Too many document downloads. Please wait a minute and try again.",
      true,
    ),
  };
}
