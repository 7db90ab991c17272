// Shares of a release's or a track's receipts: percentages with two decimals, summed as whole
// hundredths (never floats), what they leave being the label's
// (docs/decisions/033-royalty-money-rules.md).
import { z } from "zod";
import { formatPercent } from "./formats";
import { fromCents, toCents } from "./money";

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

/** A percentage with at most two decimals, at most 100 (and above 0 when `positive`), normalised. */
export function percentString(requiredMessage: string, { positive }: { positive: boolean }) {
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
  return `Shares add up to ${formatPercent(total)}; together they can be at most 100%`;
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
