import { describe, expect, it } from "vitest";
import { createKeyedQueue } from "./keyed-queue";

/** A piece of work that runs until the test ends it, recording when it started. */
function controlled(started: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    work: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: (error: Error) => fail(error),
  };
}

/** Lets every settled promise's continuations run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("keyed queue", () => {
  it("runs at most `width` pieces of work per key, starting the others in arrival order", async () => {
    const queue = createKeyedQueue(2);
    const started: string[] = [];
    const work = ["a", "b", "c", "d"].map((name) => controlled(started, name));
    const results = work.map((w) => queue.run("event-1", w.work));
    await settle();
    expect(started).toEqual(["a", "b"]);

    work[1].finish();
    await settle();
    expect(started).toEqual(["a", "b", "c"]);
    work[0].finish();
    await settle();
    expect(started).toEqual(["a", "b", "c", "d"]);
    work[2].finish();
    work[3].finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
  });

  it("never holds one key's work behind another key's", async () => {
    const queue = createKeyedQueue(1);
    const started: string[] = [];
    const busy = controlled(started, "busy");
    const waiting = controlled(started, "waiting");
    const other = controlled(started, "other");
    const results = [queue.run("x", busy.work), queue.run("x", waiting.work), queue.run("y", other.work)];
    await settle();
    expect(started).toEqual(["busy", "other"]);
    busy.finish();
    waiting.finish();
    other.finish();
    await Promise.all(results);
  });

  it("hands the slot on when work fails, and passes the failure to its caller", async () => {
    const queue = createKeyedQueue(1);
    const started: string[] = [];
    const failing = controlled(started, "failing");
    const next = controlled(started, "next");
    const first = queue.run("x", failing.work);
    const second = queue.run("x", next.work);
    failing.fail(new Error("statement failed"));
    await expect(first).rejects.toThrow("statement failed");
    await settle();
    expect(started).toEqual(["failing", "next"]);
    next.finish();
    await expect(second).resolves.toBe("next");
    // A thrown (not rejected) error frees the slot as well.
    await expect(
      queue.run("x", () => {
        throw new Error("thrown");
      }),
    ).rejects.toThrow("thrown");
    await expect(queue.run("x", async () => "free again")).resolves.toBe("free again");
  });
});
