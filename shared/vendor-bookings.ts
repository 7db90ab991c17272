import { sql } from "drizzle-orm";
import { index, numeric, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { z } from "zod";
import { VENDOR_SPOT_TYPES } from "./constants";
import { tourDates } from "./tour-dates";
import { decimalString, email, id, requiredText } from "./validation";

/**
 * pending: started, holding a slot until paid or released; paid; failed: the card was declined;
 * expired: never paid, released by the scheduled job; cancelled: an unpaid booking an
 * administrator cancelled; refunded: a paid booking an administrator cancelled and refunded.
 */
export const VENDOR_PAYMENT_STATUSES = ["pending", "paid", "failed", "expired", "cancelled", "refunded"] as const;
export type VendorPaymentStatus = (typeof VENDOR_PAYMENT_STATUSES)[number];

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
    cancelledAt: timestamp("cancelled_at"),
    refundId: text("refund_id"),
    createdAt: timestamp("created_at").defaultNow().notNull(),
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

/**
 * The vendor form: every field required. paymentStatus and paymentIntentId are
 * set by the server only after Stripe confirms the payment, so they are not accepted here.
 * Written field by field, not derived from the table, so the client's bundle carries no table
 * code; shared/request-schemas.test.ts checks the fields against the columns.
 */
export const insertVendorBookingSchema = z.object({
  tourDateId: id,
  vendorName: requiredText(200),
  vendorEmail: email,
  vendorPhone: requiredText(50),
  businessName: requiredText(200),
  foodType: requiredText(200),
  spotType: z.enum(VENDOR_SPOT_TYPES),
  amount: decimalString(),
});

export type VendorBooking = typeof vendorBookings.$inferSelect;
export type InsertVendorBooking = z.infer<typeof insertVendorBookingSchema>;
export type InsertVendorBookingInput = z.input<typeof insertVendorBookingSchema>;

/** A Stripe PaymentIntent id as the browser reports it ("pi_..."). */
export const paymentIntentIdSchema = z
  .string()
  .trim()
  .regex(/^pi_[A-Za-z0-9_]{1,250}$/, "Not a payment id");

/**
 * An amount as the client may send it: the spot price as a number (the dialog sends 150) or
 * a decimal string; normalised to "150.00". The server still recomputes it from the spot.
 */
const amountInput = z
  .union([
    z
      .number()
      .nonnegative()
      .transform((value) => String(value)),
    z.string(),
  ])
  .pipe(decimalString());

/** Step 2 of the vendor dialog: the fields the vendor types in. */
export const vendorInfoSchema = insertVendorBookingSchema.pick({
  vendorName: true,
  vendorEmail: true,
  vendorPhone: true,
  businessName: true,
  foodType: true,
});
export type VendorInfo = z.infer<typeof vendorInfoSchema>;

/** The form values sent as `vendorBookingData`. */
export const vendorBookingDataSchema = insertVendorBookingSchema.extend({ amount: amountInput });
export type VendorBookingData = z.input<typeof vendorBookingDataSchema>;

/** POST /api/create-vendor-payment-intent */
export const createVendorPaymentIntentSchema = z.object({
  amount: amountInput,
  vendorBookingData: vendorBookingDataSchema,
});

/**
 * POST /api/complete-vendor-booking-payment. The form values are optional because a vendor
 * returning from a bank's redirect (3-D Secure) reloads the page and no longer has them.
 */
export const completeVendorBookingPaymentSchema = z.object({
  paymentIntentId: paymentIntentIdSchema,
  vendorBookingData: vendorBookingDataSchema.optional(),
});

export interface ClientSecretResponse {
  clientSecret: string;
}

/** The answer of the completion: a receipt, never the vendor's contact details. */
export type VendorBookingReceipt = Pick<VendorBooking, "id" | "tourDateId" | "spotType" | "amount" | "paymentStatus">;

/** GET /api/vendor-bookings (admin): each booking with the tour date it is for (null once deleted). */
export type VendorBookingWithTourDate = Omit<VendorBooking, "clientAddress"> & {
  tourDate: { id: string; artistName: string; date: string; time: string; location: string } | null;
};

/** POST /api/vendor-bookings/{id}/cancel (admin): an optional reason, told to the vendor. */
export const cancelVendorBookingSchema = z.object({ reason: z.string().trim().max(500).optional() }).strict();
