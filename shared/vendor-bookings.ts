import { sql } from "drizzle-orm";
import { index, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { createInsertSchema } from "drizzle-zod";
import { z } from "zod";
import { VENDOR_SPOT_TYPES } from "./constants";
import { tourDates } from "./tour-dates";
import { decimalString, email, id, requiredText } from "./validation";

export const VENDOR_PAYMENT_STATUSES = ["pending", "paid", "failed"] as const;
export type VendorPaymentStatus = (typeof VENDOR_PAYMENT_STATUSES)[number];

export const vendorBookings = pgTable(
  "vendor_bookings",
  {
    id: varchar("id").primaryKey().default(sql`gen_random_uuid()`),
    tourDateId: varchar("tour_date_id")
      .notNull()
      .references(() => tourDates.id, { onDelete: "cascade" }),
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
    createdAt: timestamp("created_at").defaultNow().notNull(),
  },
  (table) => [index("vendor_bookings_tour_date_id_idx").on(table.tourDateId)],
);

/**
 * The vendor form (SPEC.md §5): every field required. paymentStatus and paymentIntentId are
 * set by the server only after Stripe confirms the payment, so they are not accepted here.
 */
export const insertVendorBookingSchema = createInsertSchema(vendorBookings, {
  tourDateId: id,
  vendorName: requiredText(200),
  vendorEmail: email,
  vendorPhone: requiredText(50),
  businessName: requiredText(200),
  foodType: requiredText(200),
  spotType: z.enum(VENDOR_SPOT_TYPES),
  amount: decimalString(),
}).omit({ id: true, createdAt: true, paymentStatus: true, paymentIntentId: true });

export type VendorBooking = typeof vendorBookings.$inferSelect;
export type InsertVendorBooking = z.infer<typeof insertVendorBookingSchema>;
export type InsertVendorBookingInput = z.input<typeof insertVendorBookingSchema>;
