// What a buyer reads of their music: the download page's answer, the member's library and the
// resend of every link (docs/product.md, "Music store").
import { z } from "zod";
import { instant } from "./contract";
import { STORE_FORMATS, STORE_PURCHASE_STATUSES } from "./store.values";
import { email } from "./validation";

export const downloadParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });

/** The download page's answer: what was bought and in which formats it may be downloaded. */
export const storeDownloadSchema = z
  .object({
    releaseId: z.string(),
    title: z.string(),
    artist: z.string(),
    /** A single track's purchase: that track's title (the only one in `tracks`); null for the whole release. */
    trackTitle: z.string().nullable(),
    /** The release's cover, `/objects/uploads/{id}`; null without one. */
    coverUrl: z.string().nullable(),
    formats: z.array(z.enum(STORE_FORMATS)),
    tracks: z.array(z.object({ title: z.string(), position: z.number() })),
  })
  .meta({ id: "StoreDownload" });

export const resendInputSchema = z.object({ email });
export const resendSchema = z.object({ message: z.string() }).meta({ id: "StoreResend" });

/** One release in a member's library: bought, downloaded free or redeemed with their e-mail. */
export const libraryItemSchema = z
  .object({
    releaseId: z.string(),
    title: z.string(),
    /** A single track's purchase: its title; null for the whole release. */
    trackTitle: z.string().nullable(),
    artist: z.string(),
    /** The release's cover, `/objects/uploads/{id}`; null without one. */
    coverUrl: z.string().nullable(),
    status: z.enum(STORE_PURCHASE_STATUSES),
    /** The download page, `/downloads/{token}`. */
    downloadPath: z.string(),
    formats: z.array(z.enum(STORE_FORMATS)),
    acquiredAt: instant,
  })
  .meta({ id: "StoreLibraryItem" });
