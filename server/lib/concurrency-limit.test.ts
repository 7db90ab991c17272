import { describe, expect, it } from "vitest";
import { createConcurrencyLimit } from "./concurrency-limit";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("concurrency limit", () => {
  it("refuses work beyond the limit at once and takes new work as soon as a slot frees", async () => {
    const limit = createConcurrencyLimit(2, () => new Error("busy"));
    const first = deferred();
    const second = deferred();
    const running = [limit.run(() => first.promise), limit.run(() => second.promise)];
    expect(limit.active).toBe(2);
    await expect(limit.run(async () => "third")).rejects.toThrow("busy");

    first.resolve();
    await running[0];
    await expect(limit.run(async () => "fourth")).resolves.toBe("fourth");
    second.reject(new Error("provider failed"));
    await expect(running[1]).rejects.toThrow("provider failed");
    // A failure frees its slot too.
    expect(limit.active).toBe(0);
  });
});
