import pg from "pg";
import type { Logger } from "./logger";

/** The channel the cached tables' triggers notify on (migration 0009_cache_notifications). */
export const CACHE_CHANNEL = "label_cache";
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;
/** A connection cut without a word (no RST) is noticed by this check, not by TCP. */
const HEARTBEAT_MS = 15_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;
/** How the listening connections show in pg_stat_activity (docs/operations.md). */
export const LISTENER_NAME = "label-cache-listener";

/** A table changed, or `undefined`: anything may have changed (drop every copy). */
export type ChangeListener = (table: string | undefined) => void;

export interface CacheNotifications {
  /** True while this instance is listening: only then may it serve a copy from memory. */
  readonly subscribed: boolean;
  onChange(listener: ChangeListener): void;
  /** Starts listening on a dedicated connection (not the pool's), retried until close(); once. */
  start(): void;
  close(): Promise<void>;
}

/**
 * One listening connection per instance to PostgreSQL's `label_cache` channel, so a change
 * made anywhere reaches every instance's caches (docs/decisions/017-never-stale-caches.md).
 * A lost connection is retried with back-off; every copy is dropped when it is lost and again
 * when listening resumes, since changes made in between were never announced.
 */
export function createCacheNotifications(connection: pg.ClientConfig, logger: Logger): CacheNotifications {
  const listeners: ChangeListener[] = [];
  let active: pg.Client | undefined;
  let subscribed = false;
  let closed = false;
  let started = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const emit = (table: string | undefined) => {
    for (const listener of listeners) listener(table);
  };

  function retryLater() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  async function connect() {
    const client = new pg.Client({ ...connection, keepAlive: true, application_name: LISTENER_NAME });
    let gone = false;
    const lost = (error?: Error) => {
      if (gone) return;
      gone = true;
      if (active === client) {
        active = undefined;
        subscribed = false;
        clearInterval(heartbeat);
        emit(undefined);
        if (!closed)
          logger.warn({ err: error }, "cache notifications lost; serving from the database until they are back");
      }
      client.end().catch(() => undefined);
      retryLater();
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (message) => {
      if (message.channel === CACHE_CHANNEL) emit(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (closed || gone) return void client.end().catch(() => undefined);
    active = client;
    subscribed = true;
    retryMs = RETRY_FIRST_MS;
    heartbeat = setInterval(() => {
      const timeout = new Promise((_, reject) =>
        setTimeout(() => reject(new Error("heartbeat timed out")), HEARTBEAT_TIMEOUT_MS).unref(),
      );
      // Listening again is a no-op that proves the connection, and keeps pg_stat_activity's
      // `query` column saying what this connection is for.
      Promise.race([client.query(`LISTEN ${CACHE_CHANNEL}`), timeout]).catch((error: Error) => lost(error));
    }, HEARTBEAT_MS).unref();
    // Whatever changed while nobody listened was never announced.
    emit(undefined);
  }

  return {
    get subscribed() {
      return subscribed;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    start() {
      if (started || closed) return;
      started = true;
      void connect();
    },
    async close() {
      closed = true;
      subscribed = false;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const client = active;
      active = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
