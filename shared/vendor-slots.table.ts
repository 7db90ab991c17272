import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, varchar } from "drizzle-orm/pg-core";
import { tourDates } from "./tour-dates.table";

/**
 * Vendor slots of one spot type at one show. `taken` counts the paid bookings and the unpaid
 * ones still holding a slot; a booking takes a slot with one conditional UPDATE
 * (`taken < capacity`), like a ticket purchase takes stock, so two servers racing for the last
 * slot cannot both win. `capacity` null follows the VENDOR_SLOTS_PER_TYPE setting.
 */
export const tourDateVendorSlots = pgTable(
  "tour_date_vendor_slots",
  {
    tourDateId: varchar("tour_date_id")
      .notNull()
      .references(() => tourDates.id, { onDelete: "cascade" }),
    spotType: text("spot_type").notNull(),
    capacity: integer("capacity"),
    taken: integer("taken").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.tourDateId, table.spotType] }),
    check("tour_date_vendor_slots_taken_check", sql`${table.taken} >= 0`),
    check("tour_date_vendor_slots_capacity_check", sql`${table.capacity} is null or ${table.capacity} >= 0`),
  ],
);
