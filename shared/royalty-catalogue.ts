// The royalty catalogue (docs/product.md, "Royalties"): releases with their UPC and tracks with
// their ISRC, and the contract of the catalogue's routes. Who is paid a share of each is in
// royalty-payees.ts, the shares themselves in royalty-shares.ts; both are named here too, as
// the catalogue's routes answer them.
import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant } from "./contract";
import { royaltyCatalogueApi } from "./royalty-catalogue.api";
import {
  advanceInputSchema,
  advanceSchema,
  payeeDetailSchema,
  payeeInputSchema,
  payeeSchema,
  payeesQuerySchema,
} from "./royalty-payees";
import { releaseSplitsSchema, splitsInputSchema } from "./royalty-shares";
import { isrcSchema, upcSchema } from "./royalty-codes";
import { id, isoDate, requiredText } from "./validation";
export * from "./royalty-shares";
export * from "./royalty-payees";

/** A date field a form may leave blank ("" or null is no date). */
const optionalDate = z
  .string()
  .trim()
  .refine((value) => value === "" || isoDate.safeParse(value).success, "Enter a date as YYYY-MM-DD")
  .transform((value) => value || null)
  .nullish();

export const trackInputSchema = z.object({
  /** The track kept (edited); without it, a new track. */
  id: id.optional(),
  title: requiredText(200, "Name the track"),
  isrc: isrcSchema,
});

/** POST /api/releases and PUT /api/releases/{id}: tracks in order; a track left out of an edit is removed. */
export const releaseInputSchema = z
  .object({
    title: requiredText(200, "Name the release"),
    artist: requiredText(200, "Name the artist"),
    upc: upcSchema,
    releaseDate: optionalDate,
    tracks: z.array(trackInputSchema).min(1, "Add at least one track").max(500),
  })
  .superRefine(({ tracks }, ctx) => {
    const isrcs = new Set<string>();
    const ids = new Set<string>();
    tracks.forEach((track, index) => {
      if (isrcs.has(track.isrc))
        ctx.addIssue({
          code: "custom",
          path: ["tracks", index, "isrc"],
          message: `ISRC ${track.isrc} is on two tracks of this release`,
        });
      isrcs.add(track.isrc);
      if (track.id !== undefined) {
        if (ids.has(track.id))
          ctx.addIssue({ code: "custom", path: ["tracks", index, "id"], message: "Each track once" });
        ids.add(track.id);
      }
    });
  });
export type ReleaseInput = z.output<typeof releaseInputSchema>;
export type ReleaseFormValues = z.input<typeof releaseInputSchema>;

export const releasesQuerySchema = z.object({
  /** Part of a title, artist, UPC, track title or ISRC, any case. */
  q: z.string().trim().max(200).optional(),
});

export const trackSchema = z
  .object({ id: z.string(), title: z.string(), isrc: z.string() })
  .meta({ id: "RoyaltyTrack" });

export const releaseSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    artist: z.string(),
    upc: z.string(),
    releaseDate: z.string().nullable(),
    tracks: z.array(trackSchema),
    createdAt: instant,
  })
  .meta({ id: "Release" });
export type Release = z.output<typeof releaseSchema>;

export const RELEASE_NOT_FOUND = "Release not found";
export const TRACK_NOT_FOUND = "Track not found";

const NOT_FOUND = { 404: apiErrorSchema };
const CONFLICT = { 409: apiErrorSchema };

export const royaltyCatalogueContract = defineContract("royaltyCatalogue", royaltyCatalogueApi, {
  listReleases: {
    summary:
      "Releases, newest first (at most 200), with their tracks; `q` searches title, artist, UPC, track title or ISRC",
    query: releasesQuerySchema,
    responses: { 200: z.array(releaseSchema) },
  },
  createRelease: {
    summary: "Adds a release with its tracks in order",
    description:
      "400 for a bad UPC or ISRC (format, check digit) or an ISRC twice; 409 when the UPC or an ISRC is taken.",
    body: releaseInputSchema,
    responses: { 201: releaseSchema, ...CONFLICT },
  },
  getRelease: {
    summary: "One release with its tracks",
    params: idParams,
    responses: { 200: releaseSchema, ...NOT_FOUND },
  },
  updateRelease: {
    summary: "Edits a release; tracks with an id are kept, others added, those left out removed",
    description:
      "409 when the UPC or an ISRC is taken, or a track left out has splits, royalty lines or an assigned code.",
    params: idParams,
    body: releaseInputSchema,
    responses: { 200: releaseSchema, ...NOT_FOUND, ...CONFLICT },
  },
  getSplits: {
    summary: "A release's splits, each track's own, and the label's share of each",
    params: idParams,
    responses: { 200: releaseSplitsSchema, ...NOT_FOUND },
  },
  setReleaseSplits: {
    summary: "Replaces a release's splits (at most 100.00 together; the rest is the label's)",
    description: "400 when the shares add up to more than 100, a payee is twice or unknown.",
    params: idParams,
    body: splitsInputSchema,
    responses: { 200: releaseSplitsSchema, ...NOT_FOUND },
  },
  setTrackSplits: {
    summary: "Replaces a track's own splits; an empty list makes it follow its release's again",
    description:
      "400 when the shares add up to more than 100, a payee is twice or unknown. Answers the release's splits.",
    params: idParams,
    body: splitsInputSchema,
    responses: { 200: releaseSplitsSchema, ...NOT_FOUND },
  },
  listPayees: {
    summary: "Payees by name; `q` searches name, e-mail or artist name",
    query: payeesQuerySchema,
    responses: { 200: z.array(payeeSchema) },
  },
  createPayee: {
    summary: "Adds a payee (e-mail lower-cased; platform share 0.00 unless given)",
    body: payeeInputSchema,
    responses: { 201: payeeSchema },
  },
  getPayee: {
    summary: "One payee with their advances and splits",
    params: idParams,
    responses: { 200: payeeDetailSchema, ...NOT_FOUND },
  },
  updatePayee: {
    summary: "Edits a payee",
    params: idParams,
    body: payeeInputSchema,
    responses: { 200: payeeSchema, ...NOT_FOUND },
  },
  listAdvances: {
    summary: "A payee's advances, newest first",
    params: idParams,
    responses: { 200: z.array(advanceSchema), ...NOT_FOUND },
  },
  createAdvance: {
    summary: "Records money advanced to a payee, recouped by the first statement closed on or after its date",
    params: idParams,
    body: advanceInputSchema,
    responses: { 201: advanceSchema, ...NOT_FOUND },
  },
});
