import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ShowSummary } from "@shared/shows";
import type { ClientSecretResponse, VendorBookingData, VendorBookingWithTourDate } from "@shared/vendor-bookings";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { apiRequest } from "@/lib/api-request";
import {
  SHOWS_QUERY_KEY,
  TOUR_DATES_QUERY_KEY,
  VENDOR_BOOKINGS_QUERY_KEY,
  vendorSlotsQueryKey,
} from "@/lib/query-keys";

/** A show as the vendor page and its dialog show it. */
export type VendorTourDate = Pick<ShowSummary, "id" | "artistName" | "date" | "time" | "location">;

/** GET /api/shows (public): the upcoming shows vendors can book, soonest first. */
export const vendorShowsQuery = queryOptions<ShowSummary[]>({ queryKey: SHOWS_QUERY_KEY });

/**
 * GET /api/tour-dates/{id}/vendor-slots: what is left of each spot type. Other vendors book
 * meanwhile, so the dialog reads it again every time it opens.
 */
export const vendorSlotsQuery = (tourDateId: string) =>
  queryOptions<VendorSlotAvailability[]>({
    queryKey: vendorSlotsQueryKey(tourDateId),
    staleTime: 0,
    refetchOnMount: "always",
  });

/** A booking as GET /api/vendor-bookings sends it (createdAt is an ISO string in JSON). */
export type VendorBookingRow = Omit<VendorBookingWithTourDate, "createdAt" | "cancelledAt"> & {
  createdAt: string;
  cancelledAt: string | null;
};

/** GET /api/vendor-bookings (admin): bookings with their tour date, newest first. */
export const vendorBookingsQuery = queryOptions<VendorBookingRow[]>({ queryKey: VENDOR_BOOKINGS_QUERY_KEY });

/** Taking or giving back a slot changes the counts the dialog, the show pages and the admin list show. */
function useInvalidateSlots() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: VENDOR_BOOKINGS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: TOUR_DATES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SHOWS_QUERY_KEY }),
    ]);
}

/**
 * POST /api/create-vendor-payment-intent: the spot price and the form values. The booking
 * holds a slot from here on; 409 when the spot type has none left.
 */
export function useCreateVendorPaymentIntent() {
  const onSettled = useInvalidateSlots();
  return useMutation({
    mutationFn: async (body: { amount: number; vendorBookingData: VendorBookingData }): Promise<ClientSecretResponse> =>
      (await apiRequest("POST", "/api/create-vendor-payment-intent", body)).json(),
    onSettled,
  });
}

/** POST /api/complete-vendor-booking-payment; marks the bookings list and the counts for refresh. */
export function useCompleteVendorBookingPayment() {
  const onSuccess = useInvalidateSlots();
  return useMutation({
    mutationFn: async (body: { paymentIntentId: string; vendorBookingData?: VendorBookingData }) =>
      (await apiRequest("POST", "/api/complete-vendor-booking-payment", body)).json() as Promise<unknown>,
    onSuccess,
  });
}

/** POST /api/vendor-bookings/{id}/cancel (admin): refunds a paid booking, releases a held one. */
export function useCancelVendorBooking() {
  const onSuccess = useInvalidateSlots();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason?: string }): Promise<void> => {
      await apiRequest("POST", `/api/vendor-bookings/${encodeURIComponent(id)}/cancel`, reason ? { reason } : {});
    },
    onSuccess,
  });
}
