import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ShowSummary } from "@shared/shows";
import type { showsContract } from "@shared/shows.contract";
import { showsApi } from "@shared/shows.api";
import type { tourDatesContract } from "@shared/tour-dates";
import { tourDatesApi } from "@shared/tour-dates.api";
import type { VendorBookingData, vendorBookingsContract } from "@shared/vendor-bookings";
import { vendorBookingsApi } from "@shared/vendor-bookings.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof vendorBookingsContract>(vendorBookingsApi);
const shows = apiClient<typeof showsContract>(showsApi);
/** The slot counts sit under the tour dates' key, so refreshing it refreshes them too. */
const tourDates = apiClient<typeof tourDatesContract>(tourDatesApi);

/**
 * The checkout's calls run inside the payment helpers (components/payments/checkout.ts), which
 * show the product's own failure toasts ('Failed to initialize payment', 'An error occurred').
 */
const CHECKOUT = { ownErrorToast: true };

/** A show as the vendor page and its dialog show it. */
export type VendorTourDate = Pick<ShowSummary, "id" | "artistName" | "date" | "time" | "location">;

/** The upcoming shows vendors can book, soonest first (public). */
export const vendorShowsQuery = shows.upcoming.query();

/**
 * What is left of each spot type at one show, read again each time the dialog opens (other
 * vendors book meanwhile).
 */
export { vendorSlotsQuery } from "@/lib/vendor-slots";

/** Bookings with their tour date, newest first (admin). */
export const vendorBookingsQuery = api.list.query();

/** Taking or giving back a slot changes the counts the dialog, the show pages and the admin list show. */
function useInvalidateSlots() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [api.list.key(), tourDates.list.key(), shows.upcoming.key()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/**
 * Holds a slot and starts the card payment: the spot price and the form values; 409 when the
 * spot type has none left.
 */
export function useCreateVendorPaymentIntent() {
  return useMutation({
    mutationFn: (body: { amount: number; vendorBookingData: VendorBookingData }) => api.paymentIntent({ body }),
    onSettled: useInvalidateSlots(),
    meta: CHECKOUT,
  });
}

/** Confirms the booking once the card is paid; marks the bookings list and the counts for refresh. */
export function useCompleteVendorBookingPayment() {
  return useMutation({
    mutationFn: (body: { paymentIntentId: string; vendorBookingData?: VendorBookingData }) => api.complete({ body }),
    onSuccess: useInvalidateSlots(),
    meta: CHECKOUT,
  });
}

/** Refunds a paid booking, releases a held one (admin). */
export function useCancelVendorBooking() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      api.cancel({ params: { id }, body: reason ? { reason } : {} }),
    onSuccess: useInvalidateSlots(),
    meta: { errorFallback: "Failed to cancel booking" },
  });
}
