import { z } from "zod";
import { VENDOR_SPOT_TYPES } from "./constants";
import { decimalString, email, id, requiredText } from "./validation";
import type { vendorBookings } from "./vendor-bookings.table";
import { VENDOR_SLOTS_BATCH_MAX } from "./vendor-slots";

/**
 * pending: started, holding a slot until paid or released; paid; failed: the card was declined;
 * expired: never paid, released by the scheduled job; cancelled: an unpaid booking an
 * administrator cancelled; refunded: a paid booking an administrator cancelled and refunded.
 */
export const VENDOR_PAYMENT_STATUSES = ["pending", "paid", "failed", "expired", "cancelled", "refunded"] as const;
export type VendorPaymentStatus = (typeof VENDOR_PAYMENT_STATUSES)[number];

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

const SLOTS_IDS_MESSAGE = `List 1 to ${VENDOR_SLOTS_BATCH_MAX} tour date ids, separated by commas`;

/**
 * GET /api/tour-dates/vendor-slots?ids=a,b,c: the shows whose slots a list shows at once (the
 * vendor page's cards, the tour dates list), read in one query. Repeats count once.
 */
export const vendorSlotsBatchQuerySchema = z.object({
  ids: z
    .string({ error: SLOTS_IDS_MESSAGE })
    .transform((value) => [...new Set(value.split(",").map((part) => part.trim().toLowerCase()))])
    .pipe(
      z
        .array(id, { error: SLOTS_IDS_MESSAGE })
        .min(1, SLOTS_IDS_MESSAGE)
        .max(VENDOR_SLOTS_BATCH_MAX, SLOTS_IDS_MESSAGE),
    ),
});
export type VendorSlotsBatchQuery = z.infer<typeof vendorSlotsBatchQuerySchema>;
