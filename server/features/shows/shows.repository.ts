import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { events } from "@shared/events.table";
import { tourDates } from "@shared/tour-dates.table";
import { users } from "@shared/users.table";
import type { Database } from "../../db/database";

const showColumns = {
  id: tourDates.id,
  artistName: tourDates.artistName,
  date: tourDates.date,
  time: tourDates.time,
  location: tourDates.location,
  timeZone: tourDates.timeZone,
  eventId: tourDates.eventId,
};

/** The linked event's ticket facts; all null when the show sells no tickets. */
const ticketColumns = {
  eventName: events.name,
  ticketPrice: events.ticketPrice,
  availableTickets: events.availableTickets,
  eventStatus: events.status,
  imageUrl: events.imageUrl,
  /** When the event was listed: its tickets can be bought from then on. */
  eventCreatedAt: events.createdAt,
};

export interface ShowRow {
  id: string;
  artistName: string;
  date: string;
  time: string;
  location: string;
  timeZone: string | null;
  eventId: string | null;
}
export type ShowWithTicketsRow = ShowRow & {
  eventName: string | null;
  ticketPrice: string | null;
  availableTickets: number | null;
  eventStatus: string | null;
  imageUrl: string | null;
  eventCreatedAt: Date | null;
};

/** A date the form did not write ("YYYY-MM-DD"): older rows keep free text, which is never past. */
const freeTextDate = sql`${tourDates.date} !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`;

/**
 * Reads for the public show pages and feeds. The date bounds only narrow the rows read (the
 * date index serves them); which shows are past is decided per venue's zone by the service.
 */
export function createShowsRepository(db: Database) {
  const withTickets = () =>
    db
      .select({ ...showColumns, ...ticketColumns })
      .from(tourDates)
      .leftJoin(events, eq(events.id, tourDates.eventId));

  return {
    /** Shows dated `earliest` or later, and those with a free-text date. */
    upcomingCandidates(earliest: string): Promise<ShowRow[]> {
      return db
        .select(showColumns)
        .from(tourDates)
        .where(or(gte(tourDates.date, earliest), freeTextDate))
        .orderBy(asc(tourDates.date), asc(tourDates.time), asc(tourDates.createdAt));
    },

    /** Shows dated `latest` or earlier. */
    pastCandidates(latest: string): Promise<ShowRow[]> {
      return db
        .select(showColumns)
        .from(tourDates)
        .where(lte(tourDates.date, latest))
        .orderBy(desc(tourDates.date), desc(tourDates.time), desc(tourDates.createdAt));
    },

    async findWithTickets(id: string): Promise<ShowWithTicketsRow | undefined> {
      const [row] = await withTickets().where(eq(tourDates.id, id));
      return row;
    },

    /**
     * In one query: the show with its ticket facts, and the same artist's other shows dated
     * `earliest` or later (or with free-text dates), soonest first.
     */
    withSameArtist(id: string, earliest: string): Promise<ShowWithTicketsRow[]> {
      const self = alias(tourDates, "self");
      const artistOfShow = db.select({ artistName: self.artistName }).from(self).where(eq(self.id, id));
      return withTickets()
        .where(
          or(
            eq(tourDates.id, id),
            and(
              inArray(tourDates.artistName, artistOfShow),
              ne(tourDates.id, id),
              or(gte(tourDates.date, earliest), freeTextDate),
            ),
          ),
        )
        .orderBy(asc(tourDates.date), asc(tourDates.time), asc(tourDates.createdAt));
    },

    /** The label's name and logo as its administrators last set them (as on tickets and e-mails). */
    async branding(): Promise<{ labelName: string | null; labelLogoUrl: string | null }> {
      const [row] = await db
        .select({ labelName: users.labelName, labelLogoUrl: users.labelLogoUrl })
        .from(users)
        .where(and(eq(users.role, "admin"), sql`nullif(trim(${users.labelName}), '') is not null`))
        .orderBy(desc(users.updatedAt))
        .limit(1);
      return row ?? { labelName: null, labelLogoUrl: null };
    },
  };
}

export type ShowsRepository = ReturnType<typeof createShowsRepository>;
