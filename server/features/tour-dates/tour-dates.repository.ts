import { asc, eq } from "drizzle-orm";
import { tourDates, type InsertTourDate, type TourDate } from "@shared/tour-dates";
import type { Database } from "../../db/database";

export function createTourDatesRepository(db: Database) {
  return {
    /** Soonest first: "YYYY-MM-DD" and "HH:MM" texts sort like the dates they hold. */
    list(): Promise<TourDate[]> {
      return db.select().from(tourDates).orderBy(asc(tourDates.date), asc(tourDates.time), asc(tourDates.createdAt));
    },

    async create(values: InsertTourDate): Promise<TourDate> {
      const [row] = await db.insert(tourDates).values(values).returning();
      return row;
    },

    async update(id: string, values: InsertTourDate): Promise<TourDate | undefined> {
      const [row] = await db.update(tourDates).set(values).where(eq(tourDates.id, id)).returning();
      return row;
    },

    /** Vendor bookings of the date go with it (ON DELETE CASCADE: an unpaid or paid slot means nothing without its date). */
    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(tourDates).where(eq(tourDates.id, id)).returning({ id: tourDates.id });
      return rows.length > 0;
    },
  };
}

export type TourDatesRepository = ReturnType<typeof createTourDatesRepository>;
