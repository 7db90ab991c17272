import type { AppContext } from "../../context";
import { objectsService } from "./objects";

export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export interface BackgroundJob {
  /** Stops the schedule and waits for a run in progress, so nothing outlives the app. */
  stop(): Promise<void>;
}

/**
 * Removes unclaimed uploads (removeUnclaimedUploads) once right after start and then every
 * hour, in this process. Several instances running it at once is safe: each run locks the rows
 * it works on and skips rows another holds. A run that fails (database away) is logged and
 * tried again an hour later. The timers never keep the process alive.
 */
export function startUploadCleanup(ctx: AppContext, intervalMs = UPLOAD_CLEANUP_INTERVAL_MS): BackgroundJob {
  const service = objectsService(ctx);
  let running: Promise<void> | undefined;
  let stopped = false;

  function run() {
    if (running || stopped) return;
    running = service
      .removeUnclaimedUploads()
      .then(
        (removed) => {
          if (removed > 0) ctx.logger.info({ removed }, "removed uploads nothing refers to");
        },
        (error) => ctx.logger.warn({ err: error }, "could not remove unclaimed uploads; trying again later"),
      )
      .finally(() => {
        running = undefined;
      });
  }

  const first = setTimeout(run, 0);
  const hourly = setInterval(run, intervalMs);
  first.unref();
  hourly.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(hourly);
      await running;
    },
  };
}
