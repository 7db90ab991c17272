import { describe, expect, it } from "vitest";
import { captureLogger } from "../test/capture-logger";
import { eachOnItsOwn, everyStep } from "./each-on-its-own";

/** Due items by id, as a repository answers them: those not done yet, after `after`, in id order. */
function dueList(count: number, failing: (id: string) => boolean) {
  const ids = Array.from({ length: count }, (_, i) => `item-${String(i).padStart(4, "0")}`);
  const done = new Set<string>();
  return {
    done,
    due: async (after: string | undefined, limit: number) =>
      ids.filter((id) => !done.has(id) && (after === undefined || id > after)).slice(0, limit),
    work: async (id: string) => {
      if (failing(id)) throw new Error(`cannot change ${id}`);
      done.add(id);
    },
  };
}

describe("working through due items one by one", () => {
  it("goes on past items that fail, however many come first, and logs each with its id", async () => {
    const { logger, lines } = captureLogger();
    const list = dueList(250, (id) => id < "item-0150");

    const result = await eachOnItsOwn(logger, { what: "releasing a hold", ...list });

    expect(result).toEqual({ done: 100, failed: 150, more: false });
    expect(list.done.has("item-0249")).toBe(true);
    expect(lines.filter((line) => line.msg === "releasing a hold failed; the next run tries it again")).toHaveLength(
      150,
    );
    expect(lines[0]).toMatchObject({ id: "item-0000", err: { message: "cannot change item-0000" } });
  });

  it("stops at its budget and asks to run again only when it got something done", async () => {
    const { logger } = captureLogger();
    const busy = dueList(250, () => false);
    expect(await eachOnItsOwn(logger, { what: "x", ...busy, budget: 120 })).toEqual({
      done: 120,
      failed: 0,
      more: true,
    });
    const failing = dueList(250, () => true);
    expect(await eachOnItsOwn(logger, { what: "x", ...failing, budget: 120 })).toEqual({
      done: 0,
      failed: 120,
      more: false,
    });
  });
});

describe("the steps of a scheduled job", () => {
  it("all run when one fails, which is logged and then thrown so the job is retried", async () => {
    const { logger, lines } = captureLogger();
    const ran: string[] = [];
    const job = everyStep(logger, "checkout-holds-release", {
      first: async () => ran.push("first"),
      broken: async () => {
        throw new Error("database went away");
      },
      last: async () => ran.push("last"),
    });
    await expect(job).rejects.toThrow("checkout-holds-release: 1 step(s) failed");
    expect(ran).toEqual(["first", "last"]);
    expect(lines).toEqual([expect.objectContaining({ step: "broken", msg: "checkout-holds-release: broken failed" })]);
  });

  it("stop once the instance is stopping: the steps left are skipped, and a failure then is not an error", async () => {
    const { logger, lines } = captureLogger();
    const stopping = new AbortController();
    const ran: string[] = [];
    const job = everyStep(
      logger,
      "checkout-holds-release",
      {
        first: async () => {
          ran.push("first");
          stopping.abort();
          throw new Error("Cannot use a pool after calling end on the pool");
        },
        last: async () => ran.push("last"),
      },
      stopping.signal,
    );
    await expect(job).rejects.toThrow("checkout-holds-release: 1 step(s) failed");
    expect(ran).toEqual(["first"]);
    expect(lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
  });
});
