import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DEFAULT_SPOT, VENDOR_SPOTS, type VendorSpotType } from "@shared/constants";
import type { VendorBookingData, VendorInfo } from "@shared/vendor-bookings";
import { preparePayment, settlePaymentOutcome, type PreparedPayment } from "@/components/payments/checkout";
import type { PaymentOutcome } from "@/components/payments/payment-outcome";
import { useCompleteVendorBookingPayment, useCreateVendorPaymentIntent } from "./api";

export type VendorBookingStep = "spot-selection" | "vendor-info" | "payment";

export const VENDOR_BOOKING_SUCCESS_TOAST = {
  title: "Payment Successful!",
  description: "Your vendor spot has been booked successfully!",
};

/**
 * The dialog's steps: spot-selection → vendor-info (Back returns) → payment
 * (once the PaymentIntent exists, or at once with the fallback when Stripe is not set up).
 */
export function useVendorBooking(tourDateId: string, onFinished: () => void) {
  const queryClient = useQueryClient();
  const createIntent = useCreateVendorPaymentIntent();
  const complete = useCompleteVendorBookingPayment();
  const [step, setStep] = useState<VendorBookingStep>("spot-selection");
  const [spotType, setSpotType] = useState<VendorSpotType>(DEFAULT_SPOT);
  const [vendorInfo, setVendorInfo] = useState<VendorInfo | null>(null);
  const [payment, setPayment] = useState<PreparedPayment | null>(null);
  const [bookingData, setBookingData] = useState<VendorBookingData | null>(null);
  const [preparing, setPreparing] = useState(false);

  function back(values: VendorInfo) {
    setVendorInfo(values);
    setStep("spot-selection");
  }

  async function submitVendorInfo(values: VendorInfo) {
    setVendorInfo(values);
    const amount = VENDOR_SPOTS[spotType].price;
    const data: VendorBookingData = { ...values, tourDateId, spotType, amount };
    setPreparing(true);
    const prepared = await preparePayment(queryClient, () =>
      createIntent.mutateAsync({ amount, vendorBookingData: data }),
    );
    setPreparing(false);
    if (!prepared) return;
    setBookingData(data);
    setPayment(prepared);
    setStep("payment");
  }

  async function handleOutcome(outcome: PaymentOutcome) {
    const done = await settlePaymentOutcome(
      outcome,
      (paymentIntentId) => complete.mutateAsync({ paymentIntentId, vendorBookingData: bookingData ?? undefined }),
      VENDOR_BOOKING_SUCCESS_TOAST,
    );
    if (done) onFinished();
  }

  return {
    step,
    setStep,
    spotType,
    setSpotType,
    vendorInfo,
    payment,
    preparingPayment: preparing,
    back,
    submitVendorInfo,
    handleOutcome,
  };
}
