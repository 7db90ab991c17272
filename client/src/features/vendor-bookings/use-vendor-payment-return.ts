import { useSettleReturningPayment } from "@/components/payments/checkout";
import { useCompleteVendorBookingPayment } from "./api";
import { VENDOR_BOOKING_SUCCESS_TOAST } from "./use-vendor-booking";

/** A vendor back on /vendor-booking, the return address, from a payment redirect. */
export function useVendorPaymentReturn() {
  const complete = useCompleteVendorBookingPayment();
  useSettleReturningPayment(
    null,
    (paymentIntentId) => complete.mutateAsync({ paymentIntentId }),
    VENDOR_BOOKING_SUCCESS_TOAST,
  );
}
