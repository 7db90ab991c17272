import { sql } from "drizzle-orm";
import { index, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { tourDates } from "./tour-dates.table";

export const vendorBookings = pgTable(
  "vendor_bookings",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    // Null once its tour date is deleted: a tour date with paid or held bookings cannot be
    // deleted, and the bookings that remain (refunded, expired…) are records worth keeping.
    tourDateId: varchar("tour_date_id").references(() => tourDates.id, { onDelete: "set null" }),
    vendorName: text("vendor_name").notNull(),
    vendorEmail: text("vendor_email").notNull(),
    vendorPhone: text("vendor_phone").notNull(),
    businessName: text("business_name").notNull(),
    foodType: text("food_type").notNull(),
    spotType: text("spot_type").notNull(),
    amount: numeric("amount", { precision: 10, scale: 2 }).notNull(),
    paymentStatus: text("payment_status").notNull().default("pending"),
    // Unique so completing the same Stripe payment twice (browser + webhook) books once.
    paymentIntentId: text("payment_intent_id").unique(),
    // Who started the booking (the rate limits' client key), to cap unpaid holds per address.
    clientAddress: text("client_address"),
    /** When an administrator cancelled it, and the Stripe refund's id when money went back. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundId: text("refund_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index("vendor_bookings_tour_date_id_idx").on(table.tourDateId),
    // Unpaid bookings are counted per address and per e-mail before a new one is started.
    index("vendor_bookings_pending_address_idx")
      .on(table.clientAddress, table.createdAt)
      .where(sql`${table.paymentStatus} = 'pending'`),
    index("vendor_bookings_pending_email_idx")
      .on(sql`lower(${table.vendorEmail})`, table.createdAt)
      .where(sql`${table.paymentStatus} = 'pending'`),
  ],
);
