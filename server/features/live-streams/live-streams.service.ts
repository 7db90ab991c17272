import type {
  AdminLiveStream,
  InsertLiveStream,
  LiveStream,
  LiveStreamStatus,
  PublicLiveStream,
  UpdateLiveStream,
} from "@shared/live-streams";
import { HttpError } from "../../lib/http-error";
import type { LiveStreamsRepository } from "./live-streams.repository";

const NOT_FOUND = "Live stream not found";

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * Stream keys are secrets: every answer carries only whether a platform is set up. This is
 * the one place a row becomes JSON, so no route can send a key by accident.
 */
export function toPublicLiveStream(row: LiveStream): PublicLiveStream {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status as LiveStreamStatus,
    viewerCount: row.viewerCount,
    streamUrl: row.streamUrl,
    embedUrl: row.embedUrl,
    thumbnailUrl: row.thumbnailUrl,
    scheduledFor: iso(row.scheduledFor),
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    platforms: {
      facebook: Boolean(row.facebookStreamKey),
      instagram: Boolean(row.instagramStreamKey),
      tiktok: Boolean(row.tiktokUsername),
      rumble: Boolean(row.rumbleApiKey),
    },
    tiktokUsername: row.tiktokUsername,
  };
}

function toAdminLiveStream(row: LiveStream): AdminLiveStream {
  return { ...toPublicLiveStream(row), createdAt: row.createdAt.toISOString() };
}

/** Going live stamps startedAt (and clears endedAt); ending stamps endedAt. */
function withStatusTimestamps<T extends UpdateLiveStream>(values: T, previous: string | null, now: Date): T {
  if (!values.status || values.status === previous) return values;
  if (values.status === "live") return { ...values, startedAt: now, endedAt: null };
  if (values.status === "ended") return { ...values, endedAt: now };
  return values;
}

export function createLiveStreamsService(repository: LiveStreamsRepository) {
  return {
    async current(): Promise<PublicLiveStream | null> {
      const row = await repository.findCurrent();
      return row ? toPublicLiveStream(row) : null;
    },

    async list(): Promise<AdminLiveStream[]> {
      return (await repository.list()).map(toAdminLiveStream);
    },

    async create(values: InsertLiveStream): Promise<AdminLiveStream> {
      const now = new Date();
      return toAdminLiveStream(await repository.create(withStatusTimestamps(values, null, now), now));
    },

    /** A key sent as "" arrives as null and clears it; a key left out is kept. */
    async update(id: string, values: UpdateLiveStream): Promise<AdminLiveStream> {
      const now = new Date();
      const row = await repository.update(id, (current) => withStatusTimestamps(values, current.status, now), now);
      if (!row) throw HttpError.notFound(NOT_FOUND);
      return toAdminLiveStream(row);
    },

    async remove(id: string): Promise<void> {
      if (!(await repository.remove(id))) throw HttpError.notFound(NOT_FOUND);
    },
  };
}
