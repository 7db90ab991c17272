import { describe, expect, it } from "vitest";
import { createRenderedCache } from "./rendered-cache";

function counter() {
  const made: string[] = [];
  const render =
    (name: string, size = 4) =>
    async () => {
      made.push(name);
      return Buffer.alloc(size, name);
    };
  return { made, render };
}

describe("the rendered documents cache", () => {
  it("makes a document once per version, even when asked for it several times at once", async () => {
    const cache = createRenderedCache(1024);
    const { made, render } = counter();
    const version = { invoice: "INV-1", notes: "first" };
    await Promise.all([1, 2, 3].map(() => cache.get(version, render("a"))));
    await cache.get({ invoice: "INV-1", notes: "first" }, render("a"));
    expect(made).toEqual(["a"]);
    await cache.get({ invoice: "INV-1", notes: "edited" }, render("b"));
    expect(made).toEqual(["a", "b"]);
  });

  it("keeps at most its size, dropping the least recently used, and keeps nothing with size 0", async () => {
    const cache = createRenderedCache(10);
    const { made, render } = counter();
    await cache.get("a", render("a", 6));
    await cache.get("b", render("b", 4));
    await cache.get("a", render("a", 6));
    await cache.get("c", render("c", 4));
    expect(cache.bytes).toBe(10);
    await cache.get("a", render("a", 6));
    await cache.get("b", render("b", 4));
    expect(made).toEqual(["a", "b", "c", "b"]);

    const none = createRenderedCache(0);
    await none.get("a", render("x"));
    await none.get("a", render("x"));
    expect(none.bytes).toBe(0);
    expect(made.filter((name) => name === "x")).toHaveLength(2);
  });

  it("does not keep a failed render, nor one that says it lacked something", async () => {
    const cache = createRenderedCache(1024);
    await expect(cache.get("a", () => Promise.reject(new Error("worker died")))).rejects.toThrow("worker died");
    expect((await cache.get("a", async () => Buffer.from("ok"))).toString()).toBe("ok");
    const partial = async () => ({ document: Buffer.from("no logo"), keep: false as const });
    expect((await cache.get("b", partial)).toString()).toBe("no logo");
    expect((await cache.get("b", async () => Buffer.from("with logo"))).toString()).toBe("with logo");
  });
});
