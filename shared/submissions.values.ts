// The values and limits of music submissions (docs/product.md, "Music Submissions"). The table,
// the contracts, the upload address and the page all read them from here.

export const SUBMISSION_STATUSES = ["pending", "under-review", "accepted", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Statuses that end a submission: the artist has been answered. */
export const DECIDED_STATUSES: readonly SubmissionStatus[] = ["accepted", "rejected"];

export function isDecided(status: SubmissionStatus): boolean {
  return DECIDED_STATUSES.includes(status);
}

/** The largest audio file a submission may have: the picker, the upload address and the claim hold to it. */
export const SUBMISSION_MAX_BYTES = 100 * 1024 * 1024;
export const SUBMISSION_MAX_MB = SUBMISSION_MAX_BYTES / 1024 / 1024;
export const SUBMISSION_TOO_LARGE_MESSAGE = `Maximum file size is ${SUBMISSION_MAX_MB}MB`;

/** Submissions one member may send in SUBMISSION_WINDOW_DAYS days. */
export const SUBMISSIONS_PER_WINDOW = 3;
export const SUBMISSION_WINDOW_DAYS = 7;

/** The lowest and highest tempo a track may state. */
export const BPM_MIN = 20;
export const BPM_MAX = 300;

/** The audio kinds a submission may be, by what its bytes are, not its name. */
export const AUDIO_KINDS = ["mp3", "wav", "flac"] as const;
export type AudioKind = (typeof AUDIO_KINDS)[number];

/** The content types browsers give these files, each with the kind it names. */
export const AUDIO_CONTENT_TYPES: Readonly<Record<string, AudioKind>> = {
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
  "audio/wav": "wav",
  "audio/wave": "wav",
  "audio/x-wav": "wav",
  "audio/vnd.wave": "wav",
  "audio/flac": "flac",
  "audio/x-flac": "flac",
};

export function audioKindOf(contentType: string | null | undefined): AudioKind | null {
  return AUDIO_CONTENT_TYPES[contentType ?? ""] ?? null;
}

export const AUDIO_TYPES_MESSAGE = "Only MP3, WAV or FLAC audio can be submitted";

/** The picker's `accept` list: the types the server takes, and the extensions for systems that give none. */
export const AUDIO_ACCEPT = [...Object.keys(AUDIO_CONTENT_TYPES), ".mp3", ".wav", ".flac"].join(",");
