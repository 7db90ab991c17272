import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant, NO_CONTENT } from "./contract";
import { liveStreamsApi } from "./live-streams.api";
import { optionalText, optionalUrlOrPath, requiredText, timestampInput } from "./validation";
import type { liveStreams } from "./live-streams.table";

export const LIVE_STREAM_STATUSES = ["scheduled", "live", "ended"] as const;
export type LiveStreamStatus = (typeof LIVE_STREAM_STATUSES)[number];

const liveStreamFields = {
  title: requiredText(200),
  description: optionalText(5000),
  streamUrl: optionalUrlOrPath,
  embedUrl: optionalUrlOrPath,
  thumbnailUrl: optionalUrlOrPath,
  status: z.enum(LIVE_STREAM_STATUSES),
  scheduledFor: timestampInput.nullish(),
  startedAt: timestampInput.nullish(),
  endedAt: timestampInput.nullish(),
  viewerCount: z.int().min(0),
  facebookStreamKey: optionalText(500),
  instagramStreamKey: optionalText(500),
  tiktokUsername: optionalText(200),
  rumbleApiKey: optionalText(500),
};

// Written field by field, not derived from the table, so the client's bundle carries no table
// code; shared/request-schemas.test.ts checks the fields against the columns.
export const insertLiveStreamSchema = z.object({
  ...liveStreamFields,
  status: liveStreamFields.status.default("scheduled"),
  viewerCount: liveStreamFields.viewerCount.default(0),
});

/** PATCH body: any subset, with no defaults filled in for missing fields. */
export const updateLiveStreamSchema = z.object(liveStreamFields).partial();

export type LiveStream = typeof liveStreams.$inferSelect;
export type InsertLiveStream = z.infer<typeof insertLiveStreamSchema>;
export type InsertLiveStreamInput = z.input<typeof insertLiveStreamSchema>;
export type UpdateLiveStream = z.infer<typeof updateLiveStreamSchema>;
/** The PATCH body as a client sends it (before the schema's transforms). */
export type UpdateLiveStreamInput = z.input<typeof updateLiveStreamSchema>;

/** Which platforms a stream goes out to; the keys themselves never leave the server. */
export const liveStreamPlatformsSchema = z
  .object({ facebook: z.boolean(), instagram: z.boolean(), tiktok: z.boolean(), rumble: z.boolean() })
  .meta({ id: "LiveStreamPlatforms" });
export type LiveStreamPlatforms = z.output<typeof liveStreamPlatformsSchema>;

/**
 * The current stream as anyone may read it. Stream keys are secrets: the answer says only
 * whether each platform is set up, plus the TikTok username, which is public anyway.
 */
export const publicLiveStreamSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    status: z.enum(LIVE_STREAM_STATUSES),
    viewerCount: z.int(),
    streamUrl: z.string().nullable(),
    embedUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    scheduledFor: instant.nullable(),
    startedAt: instant.nullable(),
    endedAt: instant.nullable(),
    platforms: liveStreamPlatformsSchema,
    tiktokUsername: z.string().nullable(),
  })
  .meta({ id: "PublicLiveStream" });
export type PublicLiveStream = z.output<typeof publicLiveStreamSchema>;

/**
 * A stream as administrators read it (the list and the answer of their writes): keys are
 * write-only, so the same shape plus createdAt. Send a key as "" to clear it, omit it to keep it.
 */
export const adminLiveStreamSchema = publicLiveStreamSchema
  .extend({ createdAt: instant })
  .meta({ id: "AdminLiveStream" });
export type AdminLiveStream = z.output<typeof adminLiveStreamSchema>;

const NOT_FOUND = { 404: apiErrorSchema };

/** docs/product.md, "Live streams". */
export const liveStreamsContract = defineContract("liveStreams", liveStreamsApi, {
  current: {
    summary: "The live stream, else the latest one, else null (the landing's LIVE NOW)",
    responses: { 200: publicLiveStreamSchema.nullable() },
  },
  list: {
    summary: "Every stream, newest first",
    responses: { 200: z.array(adminLiveStreamSchema) },
  },
  create: {
    summary: "Adds a stream; one created as live ends the stream that was live",
    body: insertLiveStreamSchema,
    responses: { 201: adminLiveStreamSchema },
  },
  update: {
    summary:
      "Changes the fields sent; going live stamps startedAt and ends any other live stream, ending stamps endedAt",
    description: 'A key sent as "" is cleared; a key left out is kept.',
    params: idParams,
    body: updateLiveStreamSchema,
    responses: { 200: adminLiveStreamSchema, ...NOT_FOUND },
  },
  remove: {
    summary: "Deletes a stream",
    params: idParams,
    responses: { 204: NO_CONTENT, ...NOT_FOUND },
  },
});
