// Distributors' royalty reports: the rates sent with a file, what an import answers, the
// unmatched queue and the assignment of a code. docs/product.md ("Royalties", "Importing
// distributor reports") and docs/decisions/034-streamed-royalty-imports.md.
import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant, NO_CONTENT } from "./contract";
import { royaltyImportsApi } from "./royalty-imports.api";
import { LABEL_CURRENCY, isrcSchema, reportedUpcSchema } from "./royalty-codes";

/** The distributors whose reports are recognised (by their header row). */
export const ROYALTY_FORMATS = ["distrokid", "cdbaby", "tunecore"] as const;
export type RoyaltyFormat = (typeof ROYALTY_FORMATS)[number];
export const ROYALTY_FORMAT_NAMES: Record<RoyaltyFormat, string> = {
  distrokid: "DistroKid",
  cdbaby: "CD Baby",
  tunecore: "TuneCore",
};

/**
 * The bounds an import holds report lines and rates to (docs/decisions/038-real-exports-and-bounded-imports.md):
 * an amount below 10^9 times a rate below 10^3 is below 10^12, which every statement figure
 * (numeric(14,2)) holds, even rounded to cents; the amount and rate columns (numeric(20,6) and
 * numeric(20,10)) hold far more.
 */
export const IMPORT_BOUNDS = {
  /** Whole digits of a line's amount at most: its size is at most 999,999,999.999999. */
  amountDigits: 9,
  largestAmount: "999,999,999.999999",
  /** Whole digits of a rate at most: a rate is at most 999.9999999999. */
  rateDigits: 3,
  largestRate: "999.9999999999",
  /** What an import's lines may add up to (their sizes, refunds counted too), in the label's currency. */
  largestTotal: "999,999,999,999.99",
} as const;

/** The whole digits of a plain decimal, leading zeros aside ("0012.5" → 2). */
export const wholeDigits = (decimal: string) => decimal.replace(/^-/, "").split(".")[0].replace(/^0+/, "").length;

/** A rate: label-currency units per unit of another currency, positive, below 1000, up to 10 decimals. */
export const rateString = z
  .string({ error: (issue) => (issue.input === undefined ? "Enter a rate" : undefined) })
  .trim()
  .regex(/^\d{1,20}(\.\d{1,10})?$/, { message: "Enter a rate like 1.10 (at most 10 decimals)", abort: true })
  .refine((value) => wholeDigits(value) <= IMPORT_BOUNDS.rateDigits, {
    message: `A rate is at most ${IMPORT_BOUNDS.largestRate}`,
    abort: true,
  })
  .refine((value) => /[1-9]/.test(value), "A rate is more than 0");

export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "A currency is three letters, like EUR");

/** The `rates` field of an upload: `{ "EUR": "1.10" }`; the label's own currency needs none. */
export const importRatesSchema = z
  .record(currencyCode, rateString)
  .refine((rates) => Object.keys(rates).length <= 50, "At most 50 rates");
export type ImportRates = z.output<typeof importRatesSchema>;

/** The upload form's rows (the client turns them into the `rates` field). */
export const importRateRowSchema = z.object({ currency: currencyCode, rate: rateString });
export const importFormSchema = z
  .object({ rates: z.array(importRateRowSchema).max(50) })
  .refine(
    ({ rates }) => new Set(rates.map((r) => r.currency.toUpperCase())).size === rates.length,
    "Each currency once",
  );
export type ImportForm = z.input<typeof importFormSchema>;

export const importResultSchema = z
  .object({
    id: z.string(),
    format: z.enum(ROYALTY_FORMATS),
    lines: z.int(),
    matched: z.int(),
    unmatched: z.int(),
    /** The sum of the lines' converted amounts, in the label's currency, at full precision. */
    total: z.string(),
  })
  .meta({ id: "RoyaltyImportResult" });
export type ImportResult = z.output<typeof importResultSchema>;

export const royaltyImportSchema = z
  .object({
    id: z.string(),
    format: z.enum(ROYALTY_FORMATS).nullable(),
    fileName: z.string(),
    status: z.enum(["processing", "done", "failed"]),
    bytesTotal: z.number().nullable(),
    bytesRead: z.number(),
    lines: z.int(),
    matched: z.int(),
    unmatched: z.int(),
    total: z.string(),
    createdAt: instant,
    finishedAt: instant.nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: "RoyaltyImport" });
export type RoyaltyImport = z.output<typeof royaltyImportSchema>;
/** An import as the server hands it over (dates as Dates). */
export type RoyaltyImportRow = z.input<typeof royaltyImportSchema>;

export const unmatchedLinesQuerySchema = z.object({
  unmatched: z.literal("true", { error: "Only unmatched=true is offered" }),
});

export const unmatchedLineSchema = z
  .object({
    id: z.number(),
    isrc: z.string().nullable(),
    upc: z.string().nullable(),
    title: z.string().nullable(),
    store: z.string().nullable(),
    amount: z.string(),
    currency: z.string(),
    reportedOn: z.string(),
  })
  .meta({ id: "RoyaltyUnmatchedLine" });
export type UnmatchedLine = z.output<typeof unmatchedLineSchema>;

/** How many unmatched lines the list gives at most (oldest first); the codes' summary counts them all. */
export const UNMATCHED_LINES_LIMIT = 500;

export const unmatchedCodeSchema = z
  .object({
    isrc: z.string().nullable(),
    upc: z.string().nullable(),
    title: z.string().nullable(),
    artist: z.string().nullable(),
    lines: z.int(),
    /** The lines' converted amounts summed, in the label's currency. */
    amount: z.string(),
    firstReported: z.string(),
    lastReported: z.string(),
  })
  .meta({ id: "RoyaltyUnmatchedCode" });
export type UnmatchedCode = z.output<typeof unmatchedCodeSchema>;

/** POST /api/royalty-lines/assign: an ISRC to a track, or a UPC as reported (check digit or not) to a release. */
export const assignCodeSchema = z.union([
  z.object({ isrc: isrcSchema, trackId: z.guid("Choose a track") }).strict(),
  z.object({ upc: reportedUpcSchema, releaseId: z.guid("Choose a release") }).strict(),
]);
export type AssignCode = z.output<typeof assignCodeSchema>;

const NOT_FOUND = { 404: apiErrorSchema };

export const royaltyImportsContract = defineContract("royaltyImports", royaltyImportsApi, {
  list: {
    summary: "The imports, newest first, with their progress while they are processed",
    responses: { 200: z.array(royaltyImportSchema) },
  },
  get: {
    summary: "One import and its progress",
    params: idParams,
    responses: { 200: royaltyImportSchema, ...NOT_FOUND },
  },
  create: {
    summary: "Imports a distributor's report (multipart/form-data: `rates`, then `file`)",
    description:
      "The report (DistroKid TSV, CD Baby TSV or TuneCore CSV, told apart by its header row) is the " +
      '`file` field; `rates` (JSON such as {"EUR":"1.10"}, ' +
      `${LABEL_CURRENCY} per unit, at most ${IMPORT_BOUNDS.largestRate}) must come before it. The columns ` +
      "a format needs may stand in any order; others are ignored. 400 for an unknown header, a " +
      "malformed line (its line and column named: an amount past " +
      `${IMPORT_BOUNDS.largestAmount} either way, a date before 1900, a NUL byte), a line that is not ` +
      "UTF-8 or is longer than 64 KB, a currency without a rate, or rates sent after the file; 409 " +
      "for a report already imported (the same content, whatever its line ends, trailing blank lines " +
      "or byte-order mark). Nothing is added unless the whole file is.",
    form: [
      {
        name: "rates",
        description: `JSON: ${LABEL_CURRENCY} per unit of each other currency in the report, such as {"EUR":"1.10"}. Before the file.`,
        contentTypes: ["application/json"],
        schema: importRatesSchema,
      },
      {
        name: "file",
        description: "The report: DistroKid or CD Baby TSV, TuneCore CSV. After the rates.",
        contentTypes: ["text/tab-separated-values", "text/csv", "application/octet-stream"],
      },
    ],
    responses: { 201: importResultSchema, 400: apiErrorSchema, 409: apiErrorSchema },
  },
  remove: {
    summary: "Removes an import and its lines, unless a closed period counts them",
    description: "409 when a closed period's statements count any of its lines.",
    params: idParams,
    responses: { 204: NO_CONTENT, ...NOT_FOUND, 409: apiErrorSchema },
  },
  unmatchedLines: {
    summary: `The report lines no track or release matched, oldest first (at most ${UNMATCHED_LINES_LIMIT})`,
    query: unmatchedLinesQuerySchema,
    responses: { 200: z.array(unmatchedLineSchema) },
  },
  unmatchedCodes: {
    summary: "The unmatched lines grouped by their ISRC and UPC, largest amount first",
    responses: { 200: z.array(unmatchedCodeSchema) },
  },
  assign: {
    summary: "Assigns an unknown ISRC to a track (or UPC to a release) and matches its waiting lines",
    description: "409 when the code already belongs to another track or release.",
    body: assignCodeSchema,
    responses: { 200: z.object({ matched: z.int() }), ...NOT_FOUND, 409: apiErrorSchema },
  },
});
