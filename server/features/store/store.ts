// The music store (docs/decisions/051-the-music-store.md): catalogue releases on sale, their
// tracks' audio made in the background, public reads, free downloads and download links. One
// wiring function binds the app's dependencies to the room's plain functions.
import type { Contract } from "@shared/contract";
import type { FileRoute } from "@shared/api-route";
import { storeContract, storeFiles } from "@shared/store";
import type { AppContext } from "../../context";
import type { JobRunner } from "../../jobs/job-runner";
import type { RouteSets } from "../../lib/route-sets";
import { getObjectStorage } from "../../integrations/object-storage";
import type { PurchaseDeps } from "./purchases.service";
import { createStoreRouter, storeRouteSets } from "./store.router";
import { transcodeNext } from "./transcode";

export const STORE_AUDIO_QUEUE = "store-audio";

/** What the room declares before any app runs: its special routes, its contract and its files. */
export const storeDeclared: { routeSets: RouteSets; contracts: readonly Contract[]; files: readonly FileRoute[] } = {
  routeSets: storeRouteSets,
  contracts: [storeContract],
  files: Object.values(storeFiles),
};

export function createStoreFeature(ctx: AppContext, deps: { jobs: JobRunner; messages: PurchaseDeps["messages"] }) {
  const { db, config, logger } = ctx;
  const storage = getObjectStorage(ctx);
  const transcodeSoon = () => deps.jobs.runSoon(STORE_AUDIO_QUEUE);
  // One master per run, its row locked while ffmpeg works; while more wait, it asks to run again.
  deps.jobs.define({
    name: STORE_AUDIO_QUEUE,
    handler: async () => {
      if (await transcodeNext({ db, storage, logger })) transcodeSoon();
    },
    everyMs: config.jobs.sweepIntervalMs,
  });
  const router = createStoreRouter({ db, storage, appUrl: config.appUrl, messages: deps.messages, transcodeSoon });
  return { ...storeDeclared, routers: [router] };
}
