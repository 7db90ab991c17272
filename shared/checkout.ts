// What every card checkout shares, whatever it sells: the payment's id as the browser reports
// it, and the answer that starts a card payment. A checkout's own module builds its request
// and answer schemas on these (shared/vendor-bookings.ts, shared/merchandise-orders.ts).
import { z } from "zod";

/** A Stripe PaymentIntent id as the browser reports it ("pi_..."). */
export const paymentIntentIdSchema = z
  .string()
  .trim()
  .regex(/^pi_[A-Za-z0-9_]{1,250}$/, "Not a payment id");

/** The start of a card payment: the secret the browser confirms the card with. */
export const clientSecretSchema = z
  .object({ clientSecret: z.string() })
  .meta({ id: "ClientSecret", description: "What the browser's card form (Stripe.js) confirms the payment with." });
export type ClientSecretResponse = z.output<typeof clientSecretSchema>;
