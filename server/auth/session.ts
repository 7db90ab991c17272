import session from "express-session";
import connectPgSimple from "connect-pg-simple";
import type pg from "pg";
import type { AppConfig } from "../config";

export const SESSION_COOKIE = "label.sid";
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Sessions live in PostgreSQL (`sessions` table), so any instance can serve any user. */
export function createSessionMiddleware(pool: pg.Pool, config: AppConfig, secret: string) {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool,
    tableName: "sessions",
    createTableIfMissing: false,
    // Tests open and close many apps; a background prune timer would keep them alive.
    pruneSessionInterval: config.env === "test" ? false : 15 * 60,
  });
  const middleware = session({
    name: SESSION_COOKIE,
    store,
    secret,
    resave: false,
    saveUninitialized: false,
    proxy: config.isProduction,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction,
      maxAge: SESSION_TTL_MS,
    },
  });
  return { middleware, close: () => store.close() };
}
