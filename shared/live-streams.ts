import { z } from "zod";
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
export interface LiveStreamPlatforms {
  facebook: boolean;
  instagram: boolean;
  tiktok: boolean;
  rumble: boolean;
}

/**
 * GET /api/live-streams/current. Stream keys are secrets: the answer says only
 * whether each platform is set up, plus the TikTok username, which is public anyway.
 * Timestamps are ISO strings.
 */
export interface PublicLiveStream {
  id: string;
  title: string;
  description: string | null;
  status: LiveStreamStatus;
  viewerCount: number;
  streamUrl: string | null;
  embedUrl: string | null;
  thumbnailUrl: string | null;
  scheduledFor: string | null;
  startedAt: string | null;
  endedAt: string | null;
  platforms: LiveStreamPlatforms;
  tiktokUsername: string | null;
}

/**
 * A row of GET /api/live-streams and the answer of the admin writes: keys are write-only,
 * so admins see the same shape plus createdAt. Send a key as "" to clear it, omit it to keep it.
 */
export type AdminLiveStream = PublicLiveStream & { createdAt: string };
