import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant, NO_CONTENT } from "./contract";
import { submissionsApi } from "./submissions.api";
import { BPM_MAX, BPM_MIN, SUBMISSION_STATUSES } from "./submissions.values";
import { isrcSchema, upcSchema } from "./royalty-codes";
import { shareString } from "./royalty-shares";
import { optionalText, requiredText } from "./validation";

export * from "./submissions.values";

const BPM_MESSAGE = `Enter a whole number from ${BPM_MIN} to ${BPM_MAX}`;

/**
 * POST /api/submissions: the fields of the Submit Music form and the uploaded file's object
 * path (`fileKey`, the `objectPath` of POST /api/objects/upload with purpose "submission").
 */
export const createSubmissionSchema = z.object({
  artistName: requiredText(200),
  trackTitle: requiredText(200),
  genre: requiredText(100),
  bpm: z.int({ error: BPM_MESSAGE }).min(BPM_MIN, BPM_MESSAGE).max(BPM_MAX, BPM_MESSAGE).nullish(),
  description: optionalText(4000),
  fileKey: requiredText(300, "Upload the audio file first"),
});
export type CreateSubmission = z.infer<typeof createSubmissionSchema>;

/** A submission as its artist reads it. */
export const submissionSchema = z
  .object({
    id: z.string(),
    artistName: z.string(),
    trackTitle: z.string(),
    genre: z.string().nullable(),
    bpm: z.int().nullable(),
    description: z.string().nullable(),
    status: z.enum(SUBMISSION_STATUSES),
    /** The A&R team's answer, once accepted or rejected. */
    feedback: z.string().nullable(),
    submittedAt: instant,
    /** The date the label promised an answer by. */
    replyBy: instant.nullable(),
    decidedAt: instant.nullable(),
    /** Past its reply-by date and not yet decided. */
    overdue: z.boolean(),
    /** A signed link to the audio that stops working after a few minutes (null: no file). */
    audioUrl: z.string().nullable(),
  })
  .meta({ id: "Submission" });
export type Submission = z.output<typeof submissionSchema>;

/** A submission in the A&R inbox: who sent it, and its file's type and size. */
export const adminSubmissionSchema = submissionSchema
  .extend({
    memberEmail: z.string().nullable(),
    fileType: z.string().nullable(),
    fileSize: z.int().nullable(),
  })
  .meta({ id: "AdminSubmission" });
export type AdminSubmission = z.output<typeof adminSubmissionSchema>;

const yes = z.enum(["true", "false"]).transform((value) => value === "true");

/** GET /api/submissions: filters; oldest first. */
export const submissionsQuerySchema = z.object({
  status: z.enum(SUBMISSION_STATUSES, { message: "Unknown status" }).optional(),
  genre: z.string().trim().max(100).optional(),
  overdue: yes.optional(),
  q: z
    .string()
    .trim()
    .max(100, "Search for at most 100 characters")
    .transform((value) => value || undefined)
    .optional(),
});
export type SubmissionsQuery = z.infer<typeof submissionsQuerySchema>;

/** The most submissions the inbox lists at once. */
export const SUBMISSIONS_LIST_LIMIT = 500;

/** POST /api/submissions/{id}/status. Accepted and rejected need feedback, which is e-mailed to the artist. */
export const setSubmissionStatusSchema = z
  .object({
    status: z.enum(SUBMISSION_STATUSES, { message: "Choose under-review, accepted or rejected" }),
    feedback: optionalText(4000),
    /**
     * Accepting only: the track also enters the royalty catalogue as a release of its own, the
     * artist its payee at `share` percent (the rest the label's).
     */
    catalogue: z.object({ upc: upcSchema, isrc: isrcSchema, share: shareString }).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.status === "accepted" || value.status === "rejected") && !value.feedback)
      ctx.addIssue({ code: "custom", path: ["feedback"], message: "Write the feedback the artist will receive" });
    if (value.catalogue && value.status !== "accepted")
      ctx.addIssue({ code: "custom", path: ["catalogue"], message: "Only an accepted track enters the catalogue" });
  });
export type SetSubmissionStatus = z.infer<typeof setSubmissionStatusSchema>;

/** A saved reply: a common answer the A&R team picks when deciding. */
export const submissionReplySchema = z
  .object({ id: z.string(), title: z.string(), body: z.string(), createdAt: instant })
  .meta({ id: "SubmissionReply" });
export type SubmissionReply = z.output<typeof submissionReplySchema>;

export const createSubmissionReplySchema = z.object({
  title: requiredText(100),
  body: requiredText(4000),
});
export type CreateSubmissionReply = z.infer<typeof createSubmissionReplySchema>;

const NOT_FOUND = { 404: apiErrorSchema };

/** docs/product.md, "Music Submissions". */
export const submissionsContract = defineContract("submissions", submissionsApi, {
  create: {
    summary: "Submits an uploaded track for review; the artist is e-mailed the date the label answers by",
    description:
      "400 naming the field (a file that is not MP3, WAV or FLAC by its content: fileKey); 413 over 100MB; " +
      "409 when the same file was submitted before; 429 after 3 submissions in 7 days.",
    body: createSubmissionSchema,
    responses: { 201: submissionSchema, 409: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema },
  },
  mine: {
    summary: "The signed-in member's submissions, newest first, with status, feedback and reply-by date",
    responses: { 200: z.array(submissionSchema) },
  },
  mineOne: {
    summary: "One of the signed-in member's submissions (404 for anyone else's)",
    params: idParams,
    responses: { 200: submissionSchema, ...NOT_FOUND },
  },
  list: {
    summary: "The A&R inbox: submissions oldest first, filtered by status, genre, overdue and a search",
    query: submissionsQuerySchema,
    responses: { 200: z.array(adminSubmissionSchema) },
  },
  setStatus: {
    summary: "Moves a submission on; accepted and rejected need feedback, which is e-mailed to the artist",
    description: "409 when a decided submission would change again, or anything would go back to pending.",
    params: idParams,
    body: setSubmissionStatusSchema,
    responses: { 200: adminSubmissionSchema, ...NOT_FOUND, 409: apiErrorSchema },
  },
  listReplies: {
    summary: "The saved replies, by title",
    responses: { 200: z.array(submissionReplySchema) },
  },
  createReply: {
    summary: "Saves a reply for later decisions",
    body: createSubmissionReplySchema,
    responses: { 201: submissionReplySchema },
  },
  removeReply: {
    summary: "Removes a saved reply",
    params: idParams,
    responses: { 204: NO_CONTENT, ...NOT_FOUND },
  },
});
