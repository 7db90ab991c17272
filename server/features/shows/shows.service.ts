import type { ShowDetail, ShowSummary, ShowTickets } from "@shared/shows";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { DEFAULT_LABEL_NAME } from "@shared/constants";
import { id } from "@shared/validation";
import { HttpError } from "../../lib/http-error";
import type { ShowRow, ShowsRepository, ShowWithTicketsRow } from "./shows.repository";
import {
  earliestDayAnywhere,
  latestDayAnywhere,
  nextLatestDayAt,
  nextPastAt,
  placeShow,
  soonestFirst,
} from "./show-times";

export const SHOW_NOT_FOUND = "Show not found";
/** The same artist's other upcoming shows on a show's page. */
const MORE_BY_ARTIST = 5;
/**
 * The show id in a path, as stored (ids are lowercase uuids; page paths match in any case), or
 * undefined when it cannot name a show and is not looked up. Caches key by it, so every spelling
 * of one id is one show.
 */
export const canonicalShowId = (value: string) => (id.safeParse(value).success ? value.toLowerCase() : undefined);

export interface ShowsServiceDependencies {
  repository: ShowsRepository;
  /** DEFAULT_TIME_ZONE: the zone of a row older than the column. */
  defaultTimeZone: string;
  /** Vendor slots per spot type (the vendor-bookings feature's read, handed in by features/index.ts). */
  vendorSlots: (tourDateId: string) => Promise<VendorSlotAvailability[]>;
  now?: () => Date;
}

/** A show with what its page and calendar entry say about it. */
export interface ShowFacts {
  show: ShowSummary;
  tickets: ShowTickets | null;
  /** Since when the tickets can be bought (ISO 8601): the linked event was listed then. */
  ticketsOnSaleFrom: string | null;
  labelName: string;
  labelLogoUrl: string | null;
}

function ticketsOf(row: ShowWithTicketsRow): ShowTickets | null {
  if (!row.eventId || row.eventName === null) return null;
  return {
    eventId: row.eventId,
    eventName: row.eventName,
    ticketPrice: row.ticketPrice ?? "0.00",
    availableTickets: row.availableTickets ?? 0,
    status: row.eventStatus ?? "upcoming",
    imageUrl: row.imageUrl,
  };
}

/** Shows as the public sees them (docs/product.md, "Shows"): lists, one show, its page and feeds. */
export function createShowsService({
  repository,
  defaultTimeZone,
  vendorSlots,
  now = () => new Date(),
}: ShowsServiceDependencies) {
  const place = (rows: ShowRow[], at: Date) => rows.map((row) => placeShow(row, defaultTimeZone, at));
  const label = async () => {
    const { labelName, labelLogoUrl } = await repository.branding();
    return { labelName: labelName?.trim() || DEFAULT_LABEL_NAME, labelLogoUrl };
  };

  async function facts(path: string): Promise<ShowFacts | undefined> {
    const showId = canonicalShowId(path);
    if (!showId) return undefined;
    const [row, branding] = await Promise.all([repository.findWithTickets(showId), label()]);
    if (!row) return undefined;
    return {
      show: placeShow(row, defaultTimeZone, now()).summary,
      tickets: ticketsOf(row),
      ticketsOnSaleFrom: row.eventCreatedAt?.toISOString() ?? null,
      ...branding,
    };
  }

  /**
   * Upcoming shows, soonest first, and the moment the list stops being true by itself (the
   * first of them to end at its venue), for the read cache.
   */
  async function upcoming(): Promise<{ shows: ShowSummary[]; expiresAt?: number }> {
    const at = now();
    const shows = place(await repository.upcomingCandidates(earliestDayAnywhere(at)), at)
      .filter((show) => !show.summary.past)
      .sort(soonestFirst);
    return { shows: shows.map((show) => show.summary), expiresAt: nextPastAt(shows) };
  }

  return {
    upcoming,

    /** The archive, latest first; it grows when a show ends or a new calendar day starts anywhere. */
    async past(): Promise<{ shows: ShowSummary[]; expiresAt: number }> {
      const at = now();
      const candidates = place(await repository.pastCandidates(latestDayAnywhere(at)), at);
      const shows = candidates.filter((show) => show.summary.past).sort((a, b) => soonestFirst(b, a));
      const expiresAt = Math.min(nextPastAt(candidates) ?? Infinity, nextLatestDayAt(at));
      return { shows: shows.map((show) => show.summary), expiresAt };
    },

    /**
     * GET /api/shows/{id}: two queries (the show with its artist's shows, then the vendor slots),
     * and the moment the answer stops being true by itself (one of its shows ends at its venue).
     */
    async detail(path: string): Promise<{ detail: ShowDetail; expiresAt?: number }> {
      const showId = canonicalShowId(path);
      if (!showId) throw HttpError.notFound(SHOW_NOT_FOUND);
      const at = now();
      const rows = await repository.withSameArtist(showId, earliestDayAnywhere(at));
      const row = rows.find((r) => r.id === showId);
      if (!row) throw HttpError.notFound(SHOW_NOT_FOUND);
      const placed = place(rows, at);
      const show = placed.find((p) => p.summary.id === showId)!.summary;
      const moreByArtist = placed
        .filter((other) => other.summary.id !== showId && !other.summary.past)
        .sort(soonestFirst)
        .slice(0, MORE_BY_ARTIST)
        .map((other) => other.summary);
      const detail = {
        ...show,
        tickets: ticketsOf(row),
        vendorSlots: show.past ? [] : await vendorSlots(showId),
        moreByArtist,
      };
      return { detail, expiresAt: nextPastAt(placed) };
    },

    /** The show for its page and calendar entry; undefined for an unknown or malformed id. */
    facts,

    /** Every upcoming show for the feed, with the label's name for the calendar's. */
    async feed(): Promise<{ shows: ShowSummary[]; labelName: string }> {
      const [{ shows }, { labelName }] = await Promise.all([upcoming(), label()]);
      return { shows, labelName };
    },
  };
}

export type ShowsService = ReturnType<typeof createShowsService>;
