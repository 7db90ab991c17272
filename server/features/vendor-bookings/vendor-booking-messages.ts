import type { VendorSpotType } from "@shared/constants";
import type { NewAdminMessage, NewOutboxMessage } from "@shared/outbox";
import type { VendorBookingRow } from "@shared/vendor-bookings";
import type { Transaction } from "../../db/database";

/**
 * What vendor bookings need from the outbox, passed in by features/index.ts: queue the
 * e-mails inside the transaction that changes the booking, and ask for delivery once it has
 * committed.
 */
export interface VendorBookingMessages {
  queue(tx: Transaction, messages: NewOutboxMessage[]): Promise<unknown>;
  queueToAdmins(tx: Transaction, message: NewAdminMessage): Promise<unknown>;
  deliverSoon(): void;
}

/** The show a booking is for, as its e-mails print it. */
export interface BookedShow {
  artistName: string;
  date: string;
  time: string;
  location: string;
}

function about(booking: VendorBookingRow) {
  return { aboutType: "vendor_booking", aboutId: booking.id };
}

/** The vendor's confirmation of a paid booking. */
export function confirmationMessage(booking: VendorBookingRow, show: BookedShow): NewOutboxMessage {
  const { vendorName, businessName, vendorEmail, amount } = booking;
  const spotType = booking.spotType as VendorSpotType;
  return {
    template: "vendor-booking-confirmation",
    recipient: vendorEmail,
    params: { vendorName, businessName, spotType, amount, ...show },
    ...about(booking),
  };
}

/**
 * The notice each administrator gets of a paid booking, with the vendor's contact details and a
 * link to the bookings they manage it from.
 */
export function adminNotice(booking: VendorBookingRow, show: BookedShow, bookingsUrl: string): NewAdminMessage {
  const { vendorName, businessName, vendorEmail, vendorPhone, foodType, amount } = booking;
  const spotType = booking.spotType as VendorSpotType;
  return {
    template: "vendor-booking-admin-notice",
    params: {
      vendorName,
      vendorEmail,
      vendorPhone,
      businessName,
      foodType,
      spotType,
      amount,
      ...show,
      link: bookingsUrl,
    },
    ...about(booking),
  };
}

/**
 * "Vendor booking cancelled": the booking was refunded in full, by an administrator (with
 * their words, if any) or in Stripe; `show` is null once its tour date is gone.
 */
export function cancelledMessage(
  booking: VendorBookingRow,
  reason: string | null,
  show: BookedShow | null,
): NewOutboxMessage {
  return {
    template: "vendor-booking-cancelled",
    recipient: booking.vendorEmail,
    params: {
      vendorName: booking.vendorName,
      businessName: booking.businessName,
      spotType: booking.spotType as VendorSpotType,
      amountRefunded: booking.amount,
      reason,
      show,
    },
    ...about(booking),
  };
}
