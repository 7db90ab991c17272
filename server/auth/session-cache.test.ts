import { describe, expect, it } from "vitest";
import type { User } from "@shared/users";
import type { CacheNotifications, ChangeListener } from "../lib/cache-notifications";
import { createSessionCache } from "./session-cache";

function fakeNotifications() {
  const listeners: ChangeListener[] = [];
  return {
    subscribed: true as boolean,
    onChange: (listener: ChangeListener) => void listeners.push(listener),
    start: () => undefined,
    close: async () => undefined,
    announce: (change: string | undefined) => listeners.forEach((l) => l(change)),
  } satisfies CacheNotifications & { announce: unknown };
}

const user = { id: "u1", email: "a@b.test", role: "user" } as User;
const data = () => ({ cookie: { originalMaxAge: 1000 }, passport: { user: "u1" } }) as never;

describe("session cache", () => {
  it("hands every request its own copy", () => {
    const cache = createSessionCache(fakeNotifications(), 60_000);
    cache.keep("s1", cache.mark(), data(), user, 60_000);
    const first = cache.get("s1")!;
    (first.data as unknown as { passport: { user: string } }).passport.user = "changed";
    first.user!.role = "admin";
    expect(cache.get("s1")).toMatchObject({ data: { passport: { user: "u1" } }, user: { role: "user" } });
  });

  it("drops a session when its row or its user's row changes, and everything on a flush", () => {
    const notifications = fakeNotifications();
    const cache = createSessionCache(notifications, 60_000);
    for (const sid of ["s1", "s2", "s3"])
      cache.keep(sid, cache.mark(), data(), sid === "s3" ? { ...user, id: "u2" } : user, 60_000);
    notifications.announce("sessions:s1");
    expect(cache.get("s1")).toBeUndefined();
    expect(cache.get("s2")).toBeDefined();
    notifications.announce("users:u1");
    expect(cache.get("s2")).toBeUndefined();
    expect(cache.get("s3")).toBeDefined();
    notifications.announce(undefined);
    expect(cache.get("s3")).toBeUndefined();
  });

  it("keeps nothing past the session's expiry, nothing read before a change, nothing while not listening", async () => {
    const notifications = fakeNotifications();
    const cache = createSessionCache(notifications, 60_000);
    cache.keep("short", cache.mark(), data(), user, 20);
    expect(cache.get("short")).toBeDefined();
    await new Promise((r) => setTimeout(r, 30));
    expect(cache.get("short")).toBeUndefined();
    const overtaken = cache.mark();
    const unrelated = cache.mark();
    notifications.announce("sessions:late");
    notifications.announce("users:someone-else");
    cache.keep("late", overtaken, data(), user, 60_000);
    expect(cache.get("late")).toBeUndefined();
    cache.keep("other", unrelated, data(), user, 60_000);
    expect(cache.get("other")).toBeDefined();
    const flushed = cache.mark();
    notifications.announce(undefined);
    cache.keep("flushed", flushed, data(), user, 60_000);
    expect(cache.get("flushed")).toBeUndefined();
    cache.keep("s1", cache.mark(), data(), user, 60_000);
    notifications.subscribed = false;
    expect(cache.get("s1")).toBeUndefined();
  });
});
