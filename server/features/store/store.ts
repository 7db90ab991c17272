// The music store (docs/decisions/051-the-music-store.md): catalogue releases on sale, their
// tracks' audio made in the background, public reads, free downloads and download links. One
// wiring function binds the app's dependencies to the room's plain functions.
import type { Contract } from "@shared/contract";
import type { FileRoute } from "@shared/api-route";
import { storeContract, storeFiles } from "@shared/store";
import { storeSalesContract } from "@shared/store-sales";
import { digitalTaxContract } from "@shared/digital-tax";
import type { AppContext } from "../../context";
import type { JobRunner } from "../../jobs/job-runner";
import type { RouteSets } from "../../lib/route-sets";
import { getObjectStorage } from "../../integrations/object-storage";
import type { ClaimUpload } from "../../lib/upload-claims";
import type { PurchaseDeps } from "./purchases.service";
import { createStoreRouter, storeRouteSets } from "./store.router";
import { transcodeNext } from "./transcode";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import {
  settleStorePayment,
  STORE_PURCHASE_METADATA_KEY,
  storeChargeRefunded,
  storeFeePreparation,
} from "./store-payments";
import { fillDueFees } from "./store-fees";

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export const STORE_AUDIO_QUEUE = "store-audio";
export const STORE_FEES_QUEUE = "store-fees";

/** What the room declares before any app runs: its special routes, its contract and its files. */
export const storeDeclared: { routeSets: RouteSets; contracts: readonly Contract[]; files: readonly FileRoute[] } = {
  routeSets: storeRouteSets,
  contracts: [storeContract, storeSalesContract, digitalTaxContract],
  files: Object.values(storeFiles),
};

export function createStoreFeature(
  ctx: AppContext,
  deps: {
    jobs: JobRunner;
    messages: PurchaseDeps["messages"];
    payments: CheckoutPayments;
    claimUpload: ClaimUpload;
  },
) {
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
  // Sales paid before Stripe had their fee: their lines are written once it has (store-fees.ts).
  const fees = { db, payments: deps.payments, logger };
  deps.jobs.define({
    name: STORE_FEES_QUEUE,
    handler: async ({ signal }) => {
      if (await fillDueFees(fees, signal)) deps.jobs.runSoon(STORE_FEES_QUEUE);
    },
    everyMs: config.jobs.sweepIntervalMs,
  });
  const router = createStoreRouter({
    db,
    storage,
    appUrl: config.appUrl,
    logger,
    messages: deps.messages,
    payments: deps.payments,
    transcodeSoon,
    claimUpload: deps.claimUpload,
  });
  const paymentDeps = { appUrl: config.appUrl, logger, messages: deps.messages };
  return {
    ...storeDeclared,
    routers: [router],
    metadataKey: STORE_PURCHASE_METADATA_KEY,
    /** The webhook's payment_intent events for store purchases. */
    onPaymentIntent: (...args: DropFirst<Parameters<typeof settleStorePayment>>) =>
      settleStorePayment(paymentDeps, ...args),
    /** Before the webhook's transaction: the sale's fee, read from Stripe. */
    preparePaymentIntent: storeFeePreparation({ payments: deps.payments, logger }),
    /** The webhook's charge.refunded for store purchases. */
    onChargeRefunded: (...args: DropFirst<Parameters<typeof storeChargeRefunded>>) =>
      storeChargeRefunded(paymentDeps, ...args),
  };
}
