import type { VendorBookingWithTourDate } from "@shared/vendor-bookings";
import type { VendorSlotAvailability, VendorSlotsByShow } from "@shared/vendor-slots";
import { HttpError } from "../../lib/http-error";
import type { VendorBookingsRepository } from "./vendor-bookings.repository";

/**
 * What is read of vendor bookings: the administrators' list, and each show's slots left.
 * Booking and paying are in vendor-booking-payments.service.ts, cancelling and refunds in
 * vendor-booking-cancellations.service.ts.
 */
export function createVendorBookingsService(repository: VendorBookingsRepository) {
  return {
    list: (): Promise<VendorBookingWithTourDate[]> => repository.listWithTourDates(),

    /** Live slots per spot type of one show (never cached: it changes with every booking). */
    async availability(tourDateId: string): Promise<VendorSlotAvailability[]> {
      if (!(await repository.tourDateExists(tourDateId))) throw HttpError.notFound("Tour date not found");
      return repository.availability(tourDateId);
    },

    /** Live slots of several shows in one read; unknown ids are simply absent. */
    availabilityOf: (tourDateIds: string[]): Promise<VendorSlotsByShow> => repository.availabilityOf(tourDateIds),
  };
}

export type VendorBookingsService = ReturnType<typeof createVendorBookingsService>;
