import type session from "express-session";
import type { User } from "@shared/users";
import type { CacheNotifications } from "../lib/cache-notifications";

/** Far more than the members signed in on one instance at once; past it the oldest go first. */
const MAX_ENTRIES = 20_000;

interface Entry {
  /** The session's JSON text: every request gets its own copy to change. */
  sess: string;
  user: User | null;
  /** The row's expiry as this clock sees it, or the safety limit if sooner. */
  until: number;
}

export interface CachedSession {
  data: session.SessionData;
  user: User | null;
}

/**
 * Signed-in sessions with their user, kept per instance so a member's request needs no query
 * (docs/decisions/017-never-stale-caches.md). PostgreSQL names every session or user row that
 * changes (sign-out, a new session id, a role change, a user deleted), and the copy goes at
 * once on every instance; while the instance is not listening nothing is served from here.
 */
export function createSessionCache(notifications: CacheNotifications, ttlMs: number) {
  const entries = new Map<string, Entry>();
  // A read that started before a change to its row must not be kept after it. Changes are
  // noted while reads are under way; a flush (or too many to note) discards every read.
  let flushes = 0;
  let reading = 0;
  const changedWhileReading = new Set<string>();

  const flush = () => {
    flushes++;
    entries.clear();
    changedWhileReading.clear();
  };
  const changed = (key: string) => {
    if (reading === 0) return;
    if (changedWhileReading.size >= MAX_ENTRIES) flush();
    else changedWhileReading.add(key);
  };

  notifications.onChange((change) => {
    if (change === undefined || change === "sessions" || change === "users") return flush();
    if (change.startsWith("sessions:")) {
      const sid = change.slice("sessions:".length);
      entries.delete(sid);
      changed(change);
    } else if (change.startsWith("users:")) {
      const id = change.slice("users:".length);
      for (const [sid, entry] of entries) if (entry.user?.id === id) entries.delete(sid);
      changed(change);
    }
  });

  return {
    get(sid: string): CachedSession | undefined {
      if (ttlMs === 0) return undefined;
      if (!notifications.subscribed) return void notifications.start();
      const entry = entries.get(sid);
      if (!entry) return undefined;
      if (entry.until <= Date.now()) return void entries.delete(sid);
      return { data: JSON.parse(entry.sess), user: entry.user && structuredClone(entry.user) };
    },
    /**
     * Whether the session is known here, unexpired, with a signed-in user: what a members'
     * route checks before anything else (requireUser). Answered from memory only; false means
     * "ask the database", never "signed out".
     */
    hasUser(sid: string): boolean {
      if (ttlMs === 0 || !notifications.subscribed) return false;
      const entry = entries.get(sid);
      return entry !== undefined && entry.user !== null && entry.until > Date.now();
    },
    /** A read is about to start; hand the mark to keep() or forget() when it ends. */
    mark: () => (reading++, flushes),
    /** Keeps what the read found, unless its session or user changed (or all were flushed) meanwhile. */
    keep(sid: string, mark: number, data: session.SessionData, user: User | null, expiresInMs: number) {
      const overtaken =
        mark !== flushes ||
        changedWhileReading.has(`sessions:${sid}`) ||
        (user !== null && changedWhileReading.has(`users:${user.id}`));
      this.forget();
      if (ttlMs === 0 || overtaken || !notifications.subscribed) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(sid, {
        sess: JSON.stringify(data),
        user: user && structuredClone(user),
        until: Date.now() + Math.min(expiresInMs, ttlMs),
      });
    },
    /** A read ended without anything to keep. */
    forget() {
      reading = Math.max(0, reading - 1);
      if (reading === 0) changedWhileReading.clear();
    },
    /** This instance writes or destroys the session: its copy goes before the write. */
    drop(sid: string) {
      entries.delete(sid);
      changed(`sessions:${sid}`);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
