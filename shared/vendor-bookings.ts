import { z } from "zod";
import { clientSecretSchema, paymentIntentIdSchema } from "./checkout";
import { VENDOR_SPOT_TYPES } from "./constants";
import { apiErrorSchema, defineContract, idParams, instant } from "./contract";
import { decimalString, email, id, requiredText } from "./validation";
import type { vendorBookings } from "./vendor-bookings.table";
import { VENDOR_SLOTS_BATCH_MAX } from "./vendor-slots";
import { vendorBookingsApi } from "./vendor-bookings.api";

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

/** A row of the table, as the server reads it. */
export type VendorBookingRow = typeof vendorBookings.$inferSelect;
export type InsertVendorBooking = z.infer<typeof insertVendorBookingSchema>;
export type InsertVendorBookingInput = z.input<typeof insertVendorBookingSchema>;

// Declared once for every checkout; still reachable from here, where they were first written.
export { clientSecretSchema, paymentIntentIdSchema, type ClientSecretResponse } from "./checkout";

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

/** Step 1 of the vendor dialog: the spot. */
export const spotSelectionSchema = insertVendorBookingSchema.pick({ spotType: true });
export type SpotSelection = z.infer<typeof spotSelectionSchema>;

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

/** The start of the checkout (POST /api/vendor-bookings/payment-intent). */
export const createVendorPaymentIntentSchema = z.object({
  amount: amountInput,
  vendorBookingData: vendorBookingDataSchema,
});

/**
 * The end of the checkout (POST /api/vendor-bookings/complete). The form values are optional
 * because a vendor returning from a bank's redirect (3-D Secure) reloads the page and no longer
 * has them.
 */
export const completeVendorBookingPaymentSchema = z.object({
  paymentIntentId: paymentIntentIdSchema,
  vendorBookingData: vendorBookingDataSchema.optional(),
});

/** A status of VENDOR_PAYMENT_STATUSES (the column is text, so the answer says string). */
const paymentStatus = z.string().meta({ description: `One of: ${VENDOR_PAYMENT_STATUSES.join(", ")}.` });
/** A spot type of VENDOR_SPOT_TYPES. */
const spotType = z.string().meta({ description: `One of: ${VENDOR_SPOT_TYPES.join(", ")}.` });

/** The answer of the completion: a receipt, never the vendor's contact details. */
export const vendorBookingReceiptSchema = z
  .object({
    id: z.string(),
    /** Null once the tour date was deleted. */
    tourDateId: z.string().nullable(),
    spotType,
    /** The price paid, a decimal string such as "150.00". */
    amount: z.string(),
    paymentStatus,
  })
  .meta({ id: "VendorBookingReceipt" });
export type VendorBookingReceipt = z.output<typeof vendorBookingReceiptSchema>;

/** A booking as the administrators' list shows it, with the show it is for (null once deleted). */
export const vendorBookingSchema = z
  .object({
    id: z.string(),
    tourDateId: z.string().nullable(),
    vendorName: z.string(),
    vendorEmail: z.string(),
    vendorPhone: z.string(),
    businessName: z.string(),
    foodType: z.string(),
    spotType,
    amount: z.string(),
    paymentStatus,
    paymentIntentId: z.string().nullable(),
    /** When an administrator cancelled it. */
    cancelledAt: instant.nullable(),
    /** The card refund's id, when money went back. */
    refundId: z.string().nullable(),
    createdAt: instant,
    tourDate: z
      .object({ id: z.string(), artistName: z.string(), date: z.string(), time: z.string(), location: z.string() })
      .nullable(),
  })
  .meta({ id: "VendorBooking" });
/** A booking as JSON carries it: what the client receives. */
export type VendorBooking = z.output<typeof vendorBookingSchema>;
/** The same as the server reads it (dates as Dates). */
export type VendorBookingWithTourDate = z.input<typeof vendorBookingSchema>;

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

/** docs/product.md, "Vendor booking" and "API"; docs/decisions/019-vendor-slots.md. */
export const vendorBookingsContract = defineContract("vendorBookings", vendorBookingsApi, {
  paymentIntent: {
    summary: "Holds a slot of the spot type and starts its card payment",
    description:
      "The amount must be the spot's price; the server charges its own price. 404 for an unknown tour date, 409 when the spot type has no slot left, 429 when the vendor (by address or e-mail) already holds too many unpaid bookings.",
    body: createVendorPaymentIntentSchema,
    responses: { 201: clientSecretSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
  },
  complete: {
    summary: "Confirms the booking once the card payment has succeeded; repeating it is harmless",
    description:
      "404 when no booking has this payment; 409 when the payment has not completed or was refunded. The form values may be left out (a return from the bank's page).",
    body: completeVendorBookingPaymentSchema,
    responses: { 200: vendorBookingReceiptSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
  list: {
    summary: "Every booking with its show, newest first",
    responses: { 200: z.array(vendorBookingSchema) },
  },
  cancel: {
    summary: "Cancels a paid booking (refunding it) or a held one (releasing its slot); the vendor is e-mailed",
    params: idParams,
    body: cancelVendorBookingSchema,
    responses: { 200: vendorBookingSchema, 404: apiErrorSchema, 409: apiErrorSchema },
  },
});
