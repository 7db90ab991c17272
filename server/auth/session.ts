import session from "express-session";
import connectPgSimple from "connect-pg-simple";
import type { Request } from "express";
import { and, eq, gte, sql } from "drizzle-orm";
import type pg from "pg";
import type { User } from "@shared/users";
import { sessions, users } from "@shared/users.table";
import type { AppConfig } from "../config";
import type { Database } from "../db/database";
import type { SessionCache } from "./session-cache";

export const SESSION_COOKIE = "label.sid";
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The signed-in user read together with the session, keyed by the session's `passport` object
 * (express-session copies it by reference onto `req.session`). A WeakMap, so an entry never
 * outlives its request.
 */
const usersReadWithSession = new WeakMap<object, User | null>();

/** The user read in the same query as this request's session, if there was one. */
export function userReadWithSession(req: Request): User | null | undefined {
  const passport = (req.session as { passport?: object } | undefined)?.passport;
  return passport ? usersReadWithSession.get(passport) : undefined;
}

/**
 * Sessions live in PostgreSQL (`sessions` table), so any instance can serve any user.
 *
 * Two changes to connect-pg-simple's store keep a signed-in request at one query before its
 * own work: `get` joins the user row (fresh on every request, so a role change or a sign-out
 * on another instance applies at once), and touch is off. The cookie is not rolling, so the
 * browser drops it `SESSION_TTL_MS` after sign-in whatever the row says; touching the row's
 * expiry on every request was a write that bought nothing.
 *
 * With `cache` a session and its user read once are kept by this instance until PostgreSQL
 * says that row changed (auth/session-cache.ts), so most members' requests need no query.
 */
export function createSessionMiddleware(
  pool: pg.Pool,
  db: Database,
  config: AppConfig,
  secret: string,
  cache?: SessionCache,
) {
  const PgStore = connectPgSimple(session);

  // Prepared once, by name: PostgreSQL plans it once per connection, not on every request.
  // Built at the first request, so building the app needs no database.
  const prepareSessionWithUser = () =>
    db
      .select({
        sess: sessions.sess,
        user: users,
        expiresInMs: sql<string>`extract(epoch from ${sessions.expire} - now()) * 1000`,
      })
      .from(sessions)
      .leftJoin(users, eq(users.id, sql`${sessions.sess} #>> '{passport,user}'`))
      .where(and(eq(sessions.sid, sql.placeholder("sid")), gte(sessions.expire, sql`now()`)))
      .prepare("session_with_user");
  let sessionWithUser: ReturnType<typeof prepareSessionWithUser> | undefined;

  const withUser = (data: session.SessionData & { passport?: { user?: string } }, user: User | null) => {
    if (data.passport?.user) usersReadWithSession.set(data.passport, user);
    return data;
  };

  class SessionWithUserStore extends PgStore {
    override get(sid: string, callback: (err: unknown, data?: session.SessionData | null) => void): void {
      const cached = cache?.get(sid);
      if (cached) return void process.nextTick(() => callback(null, withUser(cached.data, cached.user)));
      const mark = cache?.mark() ?? 0; // every mark ends in keep() or forget()
      (sessionWithUser ??= prepareSessionWithUser()).execute({ sid }).then(
        ([row]) => {
          if (!row) return (cache?.forget(), callback(null, null));
          const data = row.sess as session.SessionData;
          cache?.keep(sid, mark, data, row.user, Number(row.expiresInMs));
          callback(null, withUser(data, row.user));
        },
        (error: unknown) => (cache?.forget(), callback(error)),
      );
    }

    override set(sid: string, data: session.SessionData, callback?: (err?: unknown) => void): void {
      cache?.drop(sid);
      super.set(sid, data, callback);
    }

    override destroy(sid: string, callback?: (err?: unknown) => void): void {
      cache?.drop(sid);
      super.destroy(sid, callback);
    }
  }

  const store = new SessionWithUserStore({
    pool,
    tableName: "sessions",
    createTableIfMissing: false,
    disableTouch: true,
    // Tests open and close many apps; a background prune timer would keep them alive.
    pruneSessionInterval: config.env === "test" ? false : 15 * 60,
  });
  const middleware = session({
    name: SESSION_COOKIE,
    store,
    secret,
    resave: false,
    saveUninitialized: false,
    // No `proxy` option: whether X-Forwarded-Proto counts is Express's "trust proxy" setting,
    // decided by TRUST_PROXY (docs/decisions/007-tls-and-secure-cookies.md), not trusted blindly.
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      maxAge: SESSION_TTL_MS,
    },
  });
  return { middleware, close: () => store.close() };
}
