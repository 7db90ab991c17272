import { queryOptions } from "@tanstack/react-query";

/** The part of GET /api/config the payment forms read: null means Stripe is not configured. */
export type PaymentsConfig = { stripePublishableKey: string | null };

export const paymentsConfigQuery = queryOptions<PaymentsConfig>({ queryKey: ["/api/config"] });
