import type { DigitalLine } from "@shared/merchandise-checkout";
import type { StoreRelease } from "@shared/store";

/**
 * A download from the music store in the cart: a whole release, or one of its tracks. Like a
 * goods line it carries what the drawer shows; the server prices it again (a fixed price or the
 * track price from its database, a named amount checked against the release's minimum).
 */
export interface DownloadLine {
  releaseId: string;
  /** The track bought alone, or null for the whole release. */
  trackId: string | null;
  /** The track's title for a single track, else the release's. */
  title: string;
  /** The release a single track is from; null for a whole release. */
  releaseTitle: string | null;
  artist: string;
  coverUrl: string | null;
  /** The price shown when it was added (the named amount, or the fixed or track price). */
  price: string;
  /** The amount the buyer named, for a name-your-price release; absent otherwise. */
  amount?: string;
}

export type DownloadKey = Pick<DownloadLine, "releaseId" | "trackId">;

/** One key per release or track: the cart holds each once. */
export function downloadKey({ releaseId, trackId }: DownloadKey): string {
  return `${releaseId}/${trackId ?? ""}`;
}

/** "Low Tide — from Glass Harbour" for a single track; the release's title for a release. */
export function downloadLineName(line: Pick<DownloadLine, "title" | "releaseTitle">): string {
  return line.releaseTitle ? `${line.title} — from ${line.releaseTitle}` : line.title;
}

const text = (value: unknown): value is string => typeof value === "string";
const textOrNull = (value: unknown) => (text(value) ? value : null);

/** The download lines kept in storage, each checked (a damaged or foreign entry is left out). */
export function readDownloadLines(stored: unknown): DownloadLine[] {
  if (!Array.isArray(stored)) return [];
  const lines: DownloadLine[] = [];
  for (const value of stored as unknown[]) {
    if (typeof value !== "object" || value === null) continue;
    const line = value as Record<string, unknown>;
    if (!text(line.releaseId) || !text(line.title) || !text(line.price)) continue;
    const read: DownloadLine = {
      releaseId: line.releaseId,
      trackId: textOrNull(line.trackId),
      title: line.title,
      releaseTitle: textOrNull(line.releaseTitle),
      artist: text(line.artist) ? line.artist : "",
      coverUrl: textOrNull(line.coverUrl),
      price: line.price,
      ...(text(line.amount) ? { amount: line.amount } : {}),
    };
    if (!lines.some((l) => downloadKey(l) === downloadKey(read))) lines.push(read);
  }
  return lines;
}

/**
 * The cart line of a release (at `amount` when it is name-your-price; at its suggested, else its
 * minimum, price when no amount is given) or of one of its tracks at the track price.
 */
export function downloadLineOf(
  release: Pick<
    StoreRelease,
    | "id"
    | "title"
    | "artist"
    | "coverUrl"
    | "price"
    | "payWhatYouWant"
    | "minimumPrice"
    | "suggestedPrice"
    | "trackPrice"
  >,
  track: { id: string; title: string } | null,
  amount?: string,
): DownloadLine {
  const common = { releaseId: release.id, artist: release.artist, coverUrl: release.coverUrl };
  if (track) {
    const price = release.trackPrice ?? release.price;
    return { ...common, trackId: track.id, title: track.title, releaseTitle: release.title, price };
  }
  const base = { ...common, trackId: null, title: release.title, releaseTitle: null };
  if (!release.payWhatYouWant) return { ...base, price: release.price };
  const named = amount ?? release.suggestedPrice ?? release.minimumPrice ?? release.price;
  return { ...base, price: named, amount: named };
}

/** The lines as a cart, a quote or an order sends them: what is bought and any named amount. */
export function digitalLinesOf(lines: readonly DownloadLine[]): DigitalLine[] {
  return lines.map(({ releaseId, trackId, amount }) => ({
    releaseId,
    ...(trackId ? { trackId } : {}),
    ...(amount !== undefined ? { amount } : {}),
  }));
}
