import type { Logger } from "../lib/logger";

/** Items a job reads at a time. */
const PAGE_SIZE = 100;

export interface DueWork {
  /** What one item is, for the log ("ticket hold"). */
  what: string;
  /** Up to `limit` ids of due items greater than `after` (all when undefined), in id order. */
  due(after: string | undefined, limit: number): Promise<string[]>;
  /** Does one item, in a transaction of its own. */
  work(id: string): Promise<void>;
  /** Stop after this many items; the job asks to run again (`more`). Unbounded by default. */
  budget?: number;
}

/**
 * Works through due items one by one. An item that fails is logged with its id and left as it
 * is: the others go on, and the next run tries it again (it is still due). Pages follow the
 * ids, so items that keep failing never hide the ones after them. `more` says the budget ran
 * out with items left and at least one done: a run that did nothing but fail does not ask to
 * run again at once.
 */
export async function eachOnItsOwn(
  logger: Logger,
  { what, due, work, budget = Infinity }: DueWork,
): Promise<{ done: number; failed: number; more: boolean }> {
  let done = 0;
  let failed = 0;
  let after: string | undefined;
  for (;;) {
    const limit = Math.min(PAGE_SIZE, budget - done - failed);
    const ids = await due(after, limit);
    for (const id of ids) {
      try {
        await work(id);
        done += 1;
      } catch (error) {
        failed += 1;
        logger.error({ err: error, id }, `${what} failed; the next run tries it again`);
      }
    }
    if (ids.length < limit) return { done, failed, more: false };
    after = ids[ids.length - 1];
    if (done + failed >= budget) return { done, failed, more: done > 0 };
  }
}

/**
 * Runs every step of a scheduled job, whatever happens to the others (a step failing as a
 * whole: the database away, a bug), logs each failure, and then throws if any failed, so
 * pg-boss runs the job again later. Once `signal` aborts (the instance is stopping) the steps
 * left are skipped, and a step failing then is part of stopping, not an error: the next run,
 * on any instance, does what is left.
 */
export async function everyStep(
  logger: Logger,
  job: string,
  steps: Record<string, () => Promise<unknown>>,
  signal?: AbortSignal,
) {
  const failures: unknown[] = [];
  for (const [step, run] of Object.entries(steps)) {
    if (signal?.aborted) break;
    try {
      await run();
    } catch (error) {
      failures.push(error);
      if (signal?.aborted) logger.debug({ err: error, job, step }, `${job}: ${step} stopped with the instance`);
      else logger.error({ err: error, job, step }, `${job}: ${step} failed`);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${job}: ${failures.length} step(s) failed`);
}
