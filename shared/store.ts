// The music store's contract (docs/product.md, "Music store"): a release's price rules and
// formats, what the public reads of it (never a full-length file's address), name-your-price and
// free downloads; the download page's answer and the library are in store.downloads.ts.
import { z } from "zod";
import { apiErrorSchema, defineContract, idParams } from "./contract";
import { storeAmount } from "./store-amount";
import { toCents } from "./money";
import { uploadIdFromObjectPath } from "./object-uploads";
import { storeApi } from "./store.api";
export { MASTER_UPLOAD_PATH, storeApi, storeFiles } from "./store.api";
import { MASTER_CONTENT_TYPES, STORE_FORMATS, STORE_PURCHASE_STATUSES, TRACK_AUDIO_STATUSES } from "./store.values";
import { email, optionalText } from "./validation";
import {
  downloadParams,
  libraryItemSchema,
  resendInputSchema,
  resendSchema,
  storeDownloadSchema,
} from "./store.downloads";
import { MINIMUM_TRACK_PRICE_CENTS, NOT_A_TRACK_OF_RELEASE, TRACK_PRICE_MINIMUM } from "./store.tracks";
export * from "./store.values";
export * from "./store.tracks";
export * from "./store.downloads";

export { storeAmount } from "./store-amount";

const formatSchema = z.enum(STORE_FORMATS, { error: 'Formats are "mp3-320", "flac" or "wav"' });

/** PUT /api/releases/{id}/store. */
export const storeListingInputSchema = z
  .object({
    published: z.boolean({ error: "Say whether the release is published (true or false)" }),
    price: storeAmount,
    payWhatYouWant: z.boolean().default(false),
    minimumPrice: storeAmount.nullish(),
    suggestedPrice: storeAmount.nullish(),
    formats: z
      .array(formatSchema)
      .min(1, "Choose at least one format")
      .transform((list) => [...new Set(list)]),
    trackPrice: storeAmount.nullish(),
    genre: optionalText(100).nullish(),
    /**
     * The cover's object path from POST /api/objects/upload (purpose "cover"); null removes it,
     * leaving it out keeps the one saved.
     */
    coverUrl: z
      .string({ error: "Upload the cover image first" })
      .refine((path) => uploadIdFromObjectPath(path) !== null, "Upload the cover image first")
      .nullish(),
  })
  .superRefine((input, ctx) => {
    // A single track is always paid by card, and Stripe charges nothing below $0.50.
    if (input.trackPrice != null && toCents(input.trackPrice) < MINIMUM_TRACK_PRICE_CENTS)
      ctx.addIssue({ code: "custom", path: ["trackPrice"], message: TRACK_PRICE_MINIMUM });
    if (input.minimumPrice != null && input.suggestedPrice != null) {
      if (toCents(input.suggestedPrice) < toCents(input.minimumPrice))
        ctx.addIssue({
          code: "custom",
          path: ["suggestedPrice"],
          message: "The suggested price cannot be below the minimum",
        });
    }
  });
export type StoreListingInput = z.output<typeof storeListingInputSchema>;

export const trackAudioSchema = z
  .object({
    trackId: z.string(),
    title: z.string(),
    position: z.number(),
    status: z.enum(TRACK_AUDIO_STATUSES).nullable(),
    error: z.string().nullable(),
    durationSeconds: z.number().nullable(),
  })
  .meta({ id: "StoreTrackAudio" });

/** What an administrator reads of a release's sale: its listing (null before the first save) and each track's audio. */
export const storeListingSchema = z
  .object({
    releaseId: z.string(),
    listing: z
      .object({
        published: z.boolean(),
        price: z.string(),
        payWhatYouWant: z.boolean(),
        minimumPrice: z.string().nullable(),
        suggestedPrice: z.string().nullable(),
        formats: z.array(z.enum(STORE_FORMATS)),
        trackPrice: z.string().nullable(),
        genre: z.string().nullable(),
        coverUrl: z.string().nullable(),
      })
      .nullable(),
    tracks: z.array(trackAudioSchema),
  })
  .meta({ id: "StoreListing" });
export type StoreListing = z.output<typeof storeListingSchema>;

export const masterUploadInputSchema = z.object({
  contentType: z.enum(MASTER_CONTENT_TYPES, { error: "Upload a WAV or FLAC master" }),
});

export const masterUploadSchema = z.object({ uploadURL: z.string() }).meta({ id: "MasterUpload" });

/** A track as the public sees it: its preview, never its full-length file. */
export const storeTrackSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    position: z.number(),
    durationSeconds: z.number().nullable(),
    previewUrl: z.string().nullable(),
  })
  .meta({ id: "StoreTrack" });

/** A release on sale: the spec's store item (title, artist, price, coverUrl, genre) with its price rules and tracks. */
export const storeReleaseSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    artist: z.string(),
    genre: z.string().nullable(),
    coverUrl: z.string().nullable(),
    releaseDate: z.string().nullable(),
    price: z.string(),
    payWhatYouWant: z.boolean(),
    minimumPrice: z.string().nullable(),
    suggestedPrice: z.string().nullable(),
    trackPrice: z.string().nullable(),
    formats: z.array(z.enum(STORE_FORMATS)),
    tracks: z.array(storeTrackSchema),
  })
  .meta({ id: "StoreRelease" });
export type StoreRelease = z.output<typeof storeReleaseSchema>;

export const storeReleasesQuerySchema = z.object({
  /** Words of a title, artist or genre, any case. */
  q: z.string().trim().max(200).optional(),
});

/**
 * POST /api/store/releases/{id}/purchase: the buyer's e-mail and the amount they name, or a
 * track of the release, bought alone at the listing's track price (any amount sent is ignored).
 */
export const storePurchaseInputSchema = z
  .object({
    email,
    amount: storeAmount.optional(),
    trackId: z.guid({ error: NOT_A_TRACK_OF_RELEASE }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.trackId === undefined && input.amount === undefined)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter an amount like 7.00" });
  });

export const storePurchaseSchema = z
  .object({
    status: z.enum(STORE_PURCHASE_STATUSES),
    message: z.string(),
    /** A priced purchase: the PaymentIntent's client secret, for the card form; null for a free download. */
    clientSecret: z.string().nullable(),
  })
  .meta({ id: "StorePurchase" });

/** POST /api/releases/{id}/codes. */
export const createCodesInputSchema = z.object({
  count: z
    .int({ error: "Enter how many codes, 1 to 1000" })
    .min(1, "Enter how many codes, 1 to 1000")
    .max(1000, "Enter how many codes, 1 to 1000"),
  batch: z.string().trim().min(1, "Name the batch").max(100),
});
export const createdCodesSchema = z
  .object({ batch: z.string(), codes: z.array(z.string()) })
  .meta({ id: "StoreCodes" });

/** POST /api/store/redeem: a code as typed (spaces, dashes and case do not matter) and the address for the link. */
export const redeemInputSchema = z.object({
  code: z.string().trim().min(1, "Enter your code").max(40),
  email,
});
export const redeemSchema = z.object({ message: z.string() }).meta({ id: "StoreRedeem" });

export const CODE_USED = "This code was already used";
export const CODE_NOT_FOUND = "This code is not valid";

export const STORE_RELEASE_NOT_FOUND = "This release is not for sale";
export const PURCHASE_REFUNDED = "This purchase was refunded";
export const RESEND_MESSAGE = "If that address bought or downloaded anything, its links are on their way.";
export function minimumMessage(minimum: string): string {
  return `The minimum for this release is $${minimum}`;
}

const NOT_FOUND = { 404: apiErrorSchema };

export const storeContract = defineContract("store", storeApi, {
  getListing: {
    summary: "A release's sale: its listing (null before the first save) and each track's audio status",
    params: idParams,
    responses: { 200: storeListingSchema, ...NOT_FOUND },
  },
  putListing: {
    summary: "Puts a release on sale (or saves it unpublished) with its price rules and formats",
    description:
      "400 naming the field for a negative amount, a suggested price below the minimum, an empty format list, (when published) a track whose audio is not made yet, or a coverUrl that is not a JPEG, PNG or WebP upload of at most 5MB issued to this administrator.",
    params: idParams,
    body: storeListingInputSchema,
    responses: { 200: storeListingSchema, ...NOT_FOUND },
  },
  issueMaster: {
    summary: "An upload address for a track's master (WAV or FLAC, up to 500 MB)",
    params: idParams,
    body: masterUploadInputSchema,
    responses: { 200: masterUploadSchema, ...NOT_FOUND },
  },
  masterUploaded: {
    summary: "Says the master is uploaded: the MP3 320, FLAC and 30-second preview are made in the background",
    description: "409 when no master was uploaded to the issued address.",
    params: idParams,
    responses: { 200: trackAudioSchema, ...NOT_FOUND, 409: apiErrorSchema },
  },
  listReleases: {
    summary: "Published releases, newest first; `q` searches title, artist and genre",
    query: storeReleasesQuerySchema,
    responses: { 200: z.array(storeReleaseSchema) },
  },
  getRelease: {
    summary: "One published release with its tracks' durations and preview addresses",
    params: idParams,
    responses: { 200: storeReleaseSchema, ...NOT_FOUND },
  },
  purchase: {
    summary:
      "Names a price for a release (zero where the minimum is zero is a free download, its link e-mailed), or buys one of its tracks at the track price",
    description:
      "A price below the minimum: 400 \"The minimum for this release is $X\". More than 5 free downloads per e-mail in an hour: 429. A price to pay answers the PaymentIntent's client secret (status pending); the webhook makes it paid and e-mails the link; 503 while card payments are not configured. With `trackId`, the track alone at the listing's `trackPrice` whatever amount is sent: 400 naming `trackId` for a track not on the release or a release sold whole.",
    params: idParams,
    body: storePurchaseInputSchema,
    responses: { 201: storePurchaseSchema, ...NOT_FOUND, 429: apiErrorSchema },
  },
  getDownload: {
    summary: "What a download link holds: the release, its tracks and the formats offered",
    description: '404 for an unknown token; 410 "This purchase was refunded".',
    params: downloadParams,
    responses: { 200: storeDownloadSchema, ...NOT_FOUND, 410: apiErrorSchema },
  },
  createCodes: {
    summary: "Makes download codes for a release: unguessable, 10 characters, no look-alike letters",
    params: idParams,
    body: createCodesInputSchema,
    responses: { 201: createdCodesSchema, ...NOT_FOUND },
  },
  redeem: {
    summary: "Redeems a download code: the release's download link is e-mailed",
    description:
      '409 "This code was already used"; 404 for an unknown code or a release not on sale; 429 after ten wrong codes from one address in an hour.',
    body: redeemInputSchema,
    responses: { 200: redeemSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
  },
  library: {
    summary:
      "The signed-in member's music: everything bought, downloaded free or redeemed with their (verified) e-mail, before the account existed too",
    responses: { 200: z.array(libraryItemSchema) },
  },
  resend: {
    summary: "E-mails every download link of an address again; the same answer whether or not it has any",
    body: resendInputSchema,
    responses: { 200: resendSchema, 429: apiErrorSchema },
  },
});
