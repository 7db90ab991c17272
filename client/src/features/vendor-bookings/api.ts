import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TourDate } from "@shared/tour-dates";
import type { ClientSecretResponse, VendorBookingData, VendorBookingWithTourDate } from "@shared/vendor-bookings";
import { apiRequest } from "@/lib/api-request";
import { TOUR_DATES_QUERY_KEY, VENDOR_BOOKINGS_QUERY_KEY } from "@/lib/query-keys";

/** A tour date as the vendor page shows it. */
export type VendorTourDate = Pick<TourDate, "id" | "artistName" | "date" | "time" | "location">;

/** GET /api/tour-dates (public). */
export const vendorTourDatesQuery = queryOptions<VendorTourDate[]>({ queryKey: TOUR_DATES_QUERY_KEY });

/** A booking as GET /api/vendor-bookings sends it (createdAt is an ISO string in JSON). */
export type VendorBookingRow = Omit<VendorBookingWithTourDate, "createdAt"> & { createdAt: string };

/** GET /api/vendor-bookings (admin): bookings with their tour date, newest first. */
export const vendorBookingsQuery = queryOptions<VendorBookingRow[]>({ queryKey: VENDOR_BOOKINGS_QUERY_KEY });

/** POST /api/create-vendor-payment-intent: the spot price and the form values. */
export function useCreateVendorPaymentIntent() {
  return useMutation({
    mutationFn: async (body: { amount: number; vendorBookingData: VendorBookingData }): Promise<ClientSecretResponse> =>
      (await apiRequest("POST", "/api/create-vendor-payment-intent", body)).json(),
  });
}

/** POST /api/complete-vendor-booking-payment; marks the bookings list for refresh. */
export function useCompleteVendorBookingPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { paymentIntentId: string; vendorBookingData?: VendorBookingData }) =>
      (await apiRequest("POST", "/api/complete-vendor-booking-payment", body)).json() as Promise<unknown>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VENDOR_BOOKINGS_QUERY_KEY }),
  });
}
