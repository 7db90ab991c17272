import type { AppConfig } from "../config";
import type { CacheNotifications } from "./cache-notifications";
import { createKeyedReadCache } from "./keyed-read-cache";
import { createReadCache } from "./read-cache";
import type { FastPath } from "./fast-path";

/**
 * What a public list tells caches. Browsers always revalidate (`max-age=0`, a 304 for an
 * unchanged ETag), so a reload shows a change at once; a shared cache (a CDN, nginx) may answer
 * for `s-maxage` seconds. Serving a stale copy while fetching a new one is offered to CDNs only,
 * in `CDN-Cache-Control` (RFC 9213): browsers honour `stale-while-revalidate` in
 * `Cache-Control` too, and would show a list one change behind. Purging and nginx's own
 * background update are in docs/operations.md.
 */
export function publicCacheControl({ cdn }: Pick<AppConfig, "cdn">): { browsers: string; cdn: string } {
  return {
    browsers: `public, max-age=0, s-maxage=${cdn.sMaxAgeS}`,
    cdn: `public, max-age=${cdn.sMaxAgeS}, stale-while-revalidate=${cdn.staleWhileRevalidateS}`,
  };
}

/**
 * What an answer that depends on who asks says (app.ts sets it for everything that reads the
 * session): no cache keeps it, the browser's included, so a shared computer's history or a
 * proxy never shows one person's data to another.
 */
export const PER_USER_CACHE_CONTROL = "private, no-store";

export interface ReadCachesOptions {
  config: Pick<AppConfig, "cdn" | "readCacheTtlMs">;
  notifications: CacheNotifications;
  onLookup?: (name: string, hit: boolean) => void;
  /** Public lists may be answered from the front of the stack once the normal path served them. */
  fastPath?: FastPath;
}

/** Builds the features' read caches (lib/read-cache.ts) with the app's settings. */
export function createReadCaches({ config, notifications, onLookup, fastPath }: ReadCachesOptions) {
  const build = (
    name: string,
    tables: string[],
    { browsers, cdn }: { browsers: string; cdn?: string },
    onServe?: FastPath["learn"],
  ) =>
    createReadCache({
      name,
      tables,
      notifications,
      ttlMs: config.readCacheTtlMs,
      cacheControl: browsers,
      cdnCacheControl: cdn,
      onLookup,
      onServe,
    });
  return {
    /** A list anyone may read: shared caches may keep it too. */
    publicList: (name: string, tables: string[]) => build(name, tables, publicCacheControl(config), fastPath?.learn),
    /** Like publicList, one copy per key of a route with a parameter (lib/keyed-read-cache.ts). */
    publicKeyed: (name: string, tables: string[]) =>
      createKeyedReadCache({
        name,
        tables,
        notifications,
        ttlMs: config.readCacheTtlMs,
        cacheControl: publicCacheControl(config).browsers,
        cdnCacheControl: publicCacheControl(config).cdn,
        onLookup,
        onServe: fastPath?.learn,
      }),
    /**
     * A list only members read (checked before the cache): never kept by a shared cache. The
     * fast path answers it only for a request whose session cookie it can verify against a
     * signed-in session this instance holds (lib/fast-path.ts).
     */
    membersList: (name: string, tables: string[]) =>
      createReadCache({
        name,
        tables,
        notifications,
        ttlMs: config.readCacheTtlMs,
        cacheControl: "private, no-cache",
        onLookup,
        onServe: fastPath?.learn,
        members: true,
      }),
  };
}

export type ReadCaches = ReturnType<typeof createReadCaches>;
