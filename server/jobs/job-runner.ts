import type pg from "pg";
import PgBoss from "pg-boss";
import { DATABASE_SETUP_LOCK } from "../db/database";
import type { Logger } from "../lib/logger";

/**
 * What a job does. It may throw: pg-boss then tries the job again, a few times, later. `signal`
 * aborts when the instance starts stopping: a job of several steps stops between them, and what
 * it left is done by the next run.
 */
export type JobHandler = (context: { signal: AbortSignal }) => Promise<void>;

export interface QueueDefinition {
  name: string;
  handler: JobHandler;
  /**
   * Run on a schedule: every instance asks for the job every `everyMs` (and once at start),
   * and pg-boss keeps one job per interval however many instances ask.
   */
  everyMs?: number;
}

export interface JobsSettings {
  pollIntervalMs: number;
  /**
   * Whether this instance does the work. False (RUN_WORKERS=false): it still asks for jobs
   * (a purchase's e-mail), and the instances that run workers do them, so a web instance's
   * cores stay with its requests during a sale (docs/operations.md).
   */
  work?: boolean;
}

// A handler crashing (the database went away mid-job) is retried like this; a message's own
// delivery attempts and back-off are kept on its outbox row, not here.
const JOB_RETRY = { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 };
const STOP_TIMEOUT_MS = 5_000;
/** Under load, asks for the same queue are sent at most this often per instance. */
const ASK_SPACING_MS = 100;

/**
 * Background work on pg-boss, in the app's own PostgreSQL and through the app's pool: queues are
 * defined while the app is built, and nothing runs until start(). Every instance runs the same
 * workers; pg-boss hands each job to one of them (docs/operations.md).
 */
export function createJobRunner({ pool, logger, settings }: { pool: pg.Pool; logger: Logger; settings: JobsSettings }) {
  const definitions = new Map<string, QueueDefinition>();
  const workerIds = new Map<string, string>();
  const timers: NodeJS.Timeout[] = [];
  const stopHooks: (() => void | Promise<void>)[] = [];
  let boss: PgBoss | null = null;
  const wanted = new Map<string, "idle" | "sending" | "again">();

  // pg-boss records a finished job without waiting for it (an unhandled rejection if the pool
  // has closed meanwhile, which ends the process). Its queries are therefore counted, stop()
  // waits for them, and once stopped any late one is dropped: that job runs again later.
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  // Handlers still running: stop() waits for them too, so the pool is not closed under a job
  // that pg-boss has already let go of (it may hand one out while it stops).
  const running = new Set<Promise<void>>();
  let stopping = new AbortController();
  const run = (handler: JobHandler) => {
    const job = handler({ signal: stopping.signal });
    running.add(job);
    void job.then(
      () => running.delete(job),
      () => running.delete(job),
    );
    return job;
  };
  const db = {
    executeSql(text: string, values: unknown[]) {
      if (closed) return new Promise<never>(() => undefined);
      const query = pool.query(text, values);
      inFlight.add(query);
      void query.then(
        () => inFlight.delete(query),
        () => inFlight.delete(query),
      );
      return query;
    },
  };

  /**
   * pg-boss installs its schema at the first start, and each queue is a partition table made
   * on first use: instances starting together take turns, or they collide (duplicate schema,
   * deadlocks attaching partitions).
   */
  async function startLocked(instance: PgBoss) {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("select pg_advisory_lock($1)", [DATABASE_SETUP_LOCK]);
      try {
        await instance.start();
        for (const { name } of definitions.values()) {
          const options = { name, policy: "short" as const, ...JOB_RETRY };
          await instance.createQueue(name, options);
          await instance.updateQueue(name, options);
        }
      } finally {
        await client.query("select pg_advisory_unlock($1)", [DATABASE_SETUP_LOCK]).catch((error: Error) => {
          broken = error;
        });
      }
    } finally {
      client.release(broken);
    }
  }

  async function sendSoon(name: string) {
    const instance = boss;
    if (!instance) return;
    // At most one job waits per queue (policy "short"); a second ask while one waits is free.
    await instance.send(name, {}, { singletonKey: "soon" });
    const id = workerIds.get(name);
    if (id) instance.notifyWorker(id); // this instance picks it up now rather than at its next poll
  }

  /**
   * Coalesces many asks (a burst of purchases) into one send at a time per queue: a lone ask is
   * sent at once, asks arriving meanwhile become one more send, at most every ASK_SPACING_MS.
   */
  function runSoon(name: string) {
    if (!boss) return;
    const state = wanted.get(name) ?? "idle";
    if (state !== "idle") {
      wanted.set(name, "again");
      return;
    }
    wanted.set(name, "sending");
    void (async () => {
      try {
        for (;;) {
          wanted.set(name, "sending");
          await sendSoon(name);
          if (wanted.get(name) !== "again") break;
          await new Promise((resolve) => setTimeout(resolve, ASK_SPACING_MS).unref());
          if (!boss) break;
        }
      } catch (error) {
        // Nothing is lost: the scheduled sweep finds the work in PostgreSQL.
        logger.warn({ err: error, queue: name }, "could not ask for a job; the next sweep will do it");
      } finally {
        wanted.set(name, "idle");
      }
    })();
  }

  async function tick(name: string, everyMs: number) {
    try {
      await boss?.sendThrottled(name, {}, {}, Math.max(1, Math.round(everyMs / 1000)), "schedule");
    } catch (error) {
      logger.warn({ err: error, queue: name }, "could not schedule a job");
    }
  }

  return {
    define(definition: QueueDefinition) {
      if (boss) throw new Error(`queue ${definition.name} defined after the workers started`);
      definitions.set(definition.name, definition);
    },

    runSoon,

    /** Called after the workers stopped (e.g. to close an SMTP pool). */
    onStop(hook: () => void | Promise<void>) {
      stopHooks.push(hook);
    },

    get started() {
      return boss !== null;
    },

    /**
     * Installs pg-boss's schema (once per database), creates the queues and starts the workers
     * (or, with `work: false`, only what asking for jobs needs).
     */
    async start() {
      if (boss) return;
      closed = false;
      stopping = new AbortController();
      const instance = new PgBoss({
        db,
        // Scheduled work is asked for by every instance and throttled by pg-boss (see tick), so
        // intervals can be shorter than cron's minute, as tests need.
        schedule: false,
        supervise: true,
        migrate: true,
      });
      instance.on("error", (error) => logger.warn({ err: error }, "background jobs: %s", error.message));
      try {
        await startLocked(instance);
        boss = instance;
        if (settings.work === false) return;
        for (const { name, handler, everyMs } of definitions.values()) {
          const pollingIntervalSeconds = settings.pollIntervalMs / 1000;
          workerIds.set(name, await instance.work(name, { pollingIntervalSeconds, batchSize: 1 }, () => run(handler)));
          if (everyMs) {
            void tick(name, everyMs);
            const timer = setInterval(() => void tick(name, everyMs), everyMs);
            timer.unref();
            timers.push(timer);
          }
        }
      } catch (error) {
        boss = null;
        await instance.stop({ graceful: false, wait: true });
        throw error;
      }
    },

    /** Stops asking for work and waits (up to 5 s) for jobs in progress; theirs are retried later. */
    async stop() {
      stopping.abort();
      for (const timer of timers.splice(0)) clearInterval(timer);
      const instance = boss;
      boss = null;
      workerIds.clear();
      if (instance) await instance.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      if (running.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_TIMEOUT_MS)));
        await Promise.race([Promise.allSettled([...running]), late]);
        clearTimeout(timer);
      }
      // A job that just finished is being recorded; let that land before the pool may close.
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      closed = true;
      for (const hook of stopHooks) await hook();
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
