// Column values of the music store's tables, below both the tables and the contract
// (docs/decisions/043-no-import-cycles.md).

/** The download formats a release may be sold in; MP3 320 and FLAC are made from the master. */
export const STORE_FORMATS = ["mp3-320", "flac", "wav"] as const;
export type StoreFormat = (typeof STORE_FORMATS)[number];

/**
 * Where a track's audio stands: no master yet, a master uploading (address issued), waiting for
 * or inside the transcoding job, made (MP3, FLAC and preview stored), or failed with a reason.
 */
export const TRACK_AUDIO_STATUSES = ["uploading", "pending", "ready", "failed"] as const;
export type TrackAudioStatus = (typeof TRACK_AUDIO_STATUSES)[number];

/** How a store download came to be: a free (name-your-price zero) download, a redeemed code, or a paid one and its refund. */
export const STORE_PURCHASE_STATUSES = ["free", "redeemed", "pending", "paid", "refunded"] as const;
export type StorePurchaseStatus = (typeof STORE_PURCHASE_STATUSES)[number];

/** Masters an admin may upload: WAV or FLAC. */
export const MASTER_CONTENT_TYPES = ["audio/wav", "audio/x-wav", "audio/flac", "audio/x-flac"] as const;
export const MASTER_MAX_BYTES = 500 * 1024 * 1024;
/** A preview is this long, cut from the start of the track. */
export const PREVIEW_SECONDS = 30;
