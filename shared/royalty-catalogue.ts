// The royalty catalogue and its payees (docs/product.md, "Royalties"): releases with their UPC
// and tracks with their ISRC, who is paid a share of each, and what was advanced to them.
// Shares are percentages with two decimals, summed as whole hundredths (never floats), and what
// they leave is the label's (docs/decisions/033-royalty-money-rules.md).
import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant } from "./contract";
import { fromCents, MAX_AMOUNT_CENTS, toCents } from "./money";
import { royaltyCatalogueApi } from "./royalty-catalogue.api";
import { isrcSchema, upcSchema } from "./royalty-codes";
import { email, id, isoDate, optionalText, requiredText } from "./validation";

/** All of a release's receipts, in hundredths of a percent. */
export const WHOLE_SHARE = 10_000;

/** A percentage with at most two decimals as whole hundredths ("33.33" → 3333). */
export const shareHundredths = (share: string): number => toCents(share);

/** Whole hundredths as the percentage answers carry it (6667 → "66.67"). */
export const shareText = (hundredths: number): string => fromCents(hundredths);

/** What the shares leave to the label ("100.00" without any). */
export function labelShareOf(shares: readonly string[]): string {
  return shareText(WHOLE_SHARE - shares.reduce((sum, share) => sum + shareHundredths(share), 0));
}

function percentString(requiredMessage: string, { positive }: { positive: boolean }) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? requiredMessage : undefined) })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .regex(/^\d{1,3}(\.\d{1,2})?$/, {
      message: "Enter a percentage like 50 or 33.33 (at most 2 decimals)",
      abort: true,
    })
    .refine((value) => shareHundredths(value) <= WHOLE_SHARE, { message: "At most 100", abort: true })
    .refine((value) => !positive || shareHundredths(value) > 0, "More than 0")
    .transform((value) => shareText(shareHundredths(value)));
}

/** A payee's share of a release or track: more than 0, at most 100, normalised ("50" → "50.00"). */
export const shareString = percentString("Enter the share", { positive: true });

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

export const splitInputSchema = z.object({ payeeId: z.guid("Choose a payee"), share: shareString });

/** PUT .../splits: every split of the release or track, replacing the ones it had (none: no split). */
export const splitsInputSchema = z
  .object({ splits: z.array(splitInputSchema).max(100) })
  .superRefine(({ splits }, ctx) => {
    const seen = new Set<string>();
    splits.forEach((split, index) => {
      if (seen.has(split.payeeId))
        ctx.addIssue({ code: "custom", path: ["splits", index, "payeeId"], message: "Each payee once" });
      seen.add(split.payeeId);
    });
    const total = splits.reduce((sum, split) => sum + shareHundredths(split.share), 0);
    if (total > WHOLE_SHARE)
      ctx.addIssue({ code: "custom", path: ["splits"], message: sharesTooHighMessage(shareText(total)) });
  });
export type SplitsInput = z.output<typeof splitsInputSchema>;
export type SplitsFormValues = z.input<typeof splitsInputSchema>;

export function sharesTooHighMessage(total: string): string {
  return `Shares add up to ${total}%; together they can be at most 100.00%`;
}

export const splitSchema = z
  .object({ payeeId: z.string(), payeeName: z.string(), share: z.string() })
  .meta({ id: "RoyaltySplit" });
export type Split = z.output<typeof splitSchema>;

/** A release's splits, and each track's: a track with splits of its own uses only those. */
export const releaseSplitsSchema = z
  .object({
    releaseId: z.string(),
    splits: z.array(splitSchema),
    /** What the release's splits leave to the label, in percent. */
    labelShare: z.string(),
    tracks: z.array(
      z.object({
        trackId: z.string(),
        title: z.string(),
        isrc: z.string(),
        /** The track's own splits; empty when it follows the release's. */
        splits: z.array(splitSchema),
        /** The label's share of this track as it is paid (its own splits, or the release's). */
        labelShare: z.string(),
      }),
    ),
  })
  .meta({ id: "ReleaseSplits" });
export type ReleaseSplits = z.output<typeof releaseSplitsSchema>;

/** POST /api/payees and PUT /api/payees/{id}. */
export const payeeInputSchema = z.object({
  name: requiredText(200, "Enter the payee's name"),
  email: email.transform((value) => value.toLowerCase()),
  /** The artist name the platform's own sales carry (an event's or an item's artist). */
  artistName: optionalText(200),
  /** The percent of the platform's own income for `artistName` credited to this payee. */
  platformShare: percentString("Enter the platform share", { positive: false }).default("0.00"),
});
export type PayeeInput = z.output<typeof payeeInputSchema>;
export type PayeeFormValues = z.input<typeof payeeInputSchema>;

export const payeesQuerySchema = z.object({
  /** Part of a name, e-mail or artist name, any case. */
  q: z.string().trim().max(200).optional(),
});

export const payeeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    artistName: z.string().nullable(),
    platformShare: z.string(),
    createdAt: instant,
  })
  .meta({ id: "Payee" });
export type Payee = z.output<typeof payeeSchema>;

/** POST /api/payees/{id}/advances: a positive amount in the label's currency, and its day. */
export const advanceInputSchema = z.object({
  amount: z
    .string({ error: (issue) => (issue.input === undefined ? "Enter the amount" : undefined) })
    .trim()
    .min(1, { message: "Enter the amount", abort: true })
    .regex(/^\d+(\.\d{1,2})?$/, { message: "Enter an amount like 500.00 (at most 2 decimals)", abort: true })
    .refine((value) => toCents(value) <= MAX_AMOUNT_CENTS, { message: "Amount is too large", abort: true })
    .refine((value) => toCents(value) > 0, "An advance is more than 0")
    .transform((value) => fromCents(toCents(value))),
  date: isoDate,
  note: optionalText(500),
});
export type AdvanceInput = z.output<typeof advanceInputSchema>;
export type AdvanceFormValues = z.input<typeof advanceInputSchema>;

export const advanceSchema = z
  .object({
    id: z.string(),
    payeeId: z.string(),
    amount: z.string(),
    date: z.string(),
    note: z.string().nullable(),
    /** The statement that counted it; a counted advance no longer changes. */
    statementId: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: "RoyaltyAdvance" });
export type Advance = z.output<typeof advanceSchema>;

/** A payee's split as their page lists it: a release's, or one track's (with its release). */
export const payeeSplitSchema = z
  .object({
    releaseId: z.string(),
    releaseTitle: z.string(),
    trackId: z.string().nullable(),
    trackTitle: z.string().nullable(),
    share: z.string(),
  })
  .meta({ id: "PayeeSplit" });

export const payeeDetailSchema = payeeSchema
  .extend({ advances: z.array(advanceSchema), splits: z.array(payeeSplitSchema) })
  .meta({ id: "PayeeDetail" });
export type PayeeDetail = z.output<typeof payeeDetailSchema>;

export const RELEASE_NOT_FOUND = "Release not found";
export const TRACK_NOT_FOUND = "Track not found";
export const PAYEE_NOT_FOUND = "Payee not found";

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
