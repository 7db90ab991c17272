import { z } from "zod";
import { localDateTime } from "@shared/dates";
import { insertLiveStreamSchema, type AdminLiveStream, type LiveStreamPlatforms } from "@shared/live-streams";

export const STREAM_KEY_FIELDS = [
  { name: "facebookStreamKey", label: "Facebook stream key", platform: "facebook" },
  { name: "instagramStreamKey", label: "Instagram stream key", platform: "instagram" },
  { name: "rumbleApiKey", label: "Rumble API key", platform: "rumble" },
] as const satisfies readonly { name: string; label: string; platform: keyof LiveStreamPlatforms }[];

export type StreamKeyName = (typeof STREAM_KEY_FIELDS)[number]["name"];

/**
 * The server's insert schema, except that the schedule comes from <input type="datetime-local">
 * ("2026-05-01T20:00", the admin's own time zone), read as a local time and sent as an ISO
 * instant (a Date serialises to one). Start and end
 * times are set by the server when the status changes, so the form has none.
 */
export const liveStreamFormSchema = insertLiveStreamSchema
  .omit({ scheduledFor: true, startedAt: true, endedAt: true })
  .extend({
    scheduledFor: z
      .string()
      .refine((value) => value === "" || !Number.isNaN(new Date(value).getTime()), "Enter a date and time")
      .transform((value) => (value === "" ? null : new Date(value))),
  });

export type LiveStreamFormInput = z.input<typeof liveStreamFormSchema>;
export type LiveStreamFormOutput = z.output<typeof liveStreamFormSchema>;
export type LiveStreamBody = Omit<LiveStreamFormOutput, StreamKeyName> & Partial<Record<StreamKeyName, string>>;

/** An ISO instant as the value of a datetime-local input, in local time. */
export function toLocalDateTimeInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return localDateTime(date);
}

/** Form values for a stream; key inputs always start blank because keys never leave the server. */
export function liveStreamDefaults(stream: AdminLiveStream | null): LiveStreamFormInput {
  return {
    title: stream?.title ?? "",
    description: stream?.description ?? "",
    streamUrl: stream?.streamUrl ?? "",
    embedUrl: stream?.embedUrl ?? "",
    thumbnailUrl: stream?.thumbnailUrl ?? "",
    scheduledFor: toLocalDateTimeInput(stream?.scheduledFor ?? null),
    status: stream?.status ?? "scheduled",
    viewerCount: stream?.viewerCount ?? 0,
    facebookStreamKey: "",
    instagramStreamKey: "",
    rumbleApiKey: "",
    tiktokUsername: stream?.tiktokUsername ?? "",
  };
}

/**
 * Keys are write-only: a typed key is sent, a key marked for clearing is sent as "" (the
 * server then removes it), and a blank key is left out so the server keeps the current one.
 */
export function toLiveStreamBody(values: LiveStreamFormOutput, cleared: ReadonlySet<StreamKeyName>): LiveStreamBody {
  const { facebookStreamKey, instagramStreamKey, rumbleApiKey, ...rest } = values;
  const typed = { facebookStreamKey, instagramStreamKey, rumbleApiKey };
  const body: LiveStreamBody = rest;
  for (const { name } of STREAM_KEY_FIELDS) {
    const key = typed[name];
    if (key) body[name] = key;
    else if (cleared.has(name)) body[name] = "";
  }
  return body;
}
