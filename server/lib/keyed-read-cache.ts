import type { Request, RequestHandler } from "express";
import type { CacheNotifications } from "./cache-notifications";
import { createReadCache, type ExpiringValue, type ReadCache, type ReadCacheOptions } from "./read-cache";

/** More distinct keys than this and the copies start over: a bound on memory, not a working limit. */
const MAX_KEYS = 5000;

/**
 * Read caches of one route with a parameter (a show's page data per show id): one copy per key,
 * each exactly like lib/read-cache.ts, all dropped together when a table they read from changes.
 * Only keys whose load succeeded keep a copy, so requests for ids that do not exist (404) leave
 * nothing behind. A copy of each key may be answered by the fast path once served, under its
 * own path (lib/fast-path.ts).
 */
export function createKeyedReadCache(options: ReadCacheOptions) {
  const { notifications, tables } = options;
  const copies = new Map<string, ReadCache>();
  // The copies listen through this one listener, not one each.
  const shared: CacheNotifications = {
    get subscribed() {
      return notifications.subscribed;
    },
    onChange: () => {},
    start: () => notifications.start(),
    close: () => notifications.close(),
  };
  const invalidate = () => {
    for (const copy of copies.values()) copy.invalidate();
    copies.clear();
  };
  notifications.onChange((table) => {
    if (table === undefined || tables.includes(table)) invalidate();
  });

  function copyFor(key: string, path: string): ReadCache {
    let copy = copies.get(key);
    if (!copy) {
      if (copies.size >= MAX_KEYS) invalidate();
      copy = createReadCache({
        ...options,
        notifications: shared,
        onServe: options.onServe && ((req, res, cache) => options.onServe!(req, res, { ...cache, path })),
      });
      copies.set(key, copy);
    }
    return copy;
  }

  return {
    name: options.name,
    /**
     * Serves the key's copy, loading it once for concurrent misses; a failed load keeps nothing.
     * `keyOf` gives the key in its one canonical spelling (a show id in lower case), so every
     * spelling of a path shares one copy; `pathOf` gives that key's path below the router, the
     * only spelling the fast path learns (any other goes through Express to the same copy).
     */
    serveExpiring(
      keyOf: (req: Request) => string,
      load: (key: string) => Promise<ExpiringValue>,
      pathOf: (key: string) => string,
    ): RequestHandler {
      return async (req, res, next) => {
        const key = keyOf(req);
        const copy = copyFor(key, req.baseUrl + pathOf(key));
        try {
          await copy.serveExpiring(() => load(key))(req, res, next);
        } catch (error) {
          if (copies.get(key) === copy) copies.delete(key);
          throw error;
        }
      };
    },
    invalidate,
    /** How many keys hold a copy (tests). */
    get size() {
      return copies.size;
    },
  };
}

export type KeyedReadCache = ReturnType<typeof createKeyedReadCache>;
