import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DEFAULT_SPOT, VENDOR_SPOTS, type VendorSpotType } from "@shared/constants";
import type { VendorBookingData, VendorInfo } from "@shared/vendor-bookings";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { preparePayment, settlePaymentOutcome, type PreparedPayment } from "@/components/payments/checkout";
import type { PaymentOutcome } from "@/components/payments/payment-outcome";
import { ApiError, errorMessage, type FieldErrors } from "@/lib/api-request";
import { useCompleteVendorBookingPayment, useCreateVendorPaymentIntent, vendorSlotsQuery } from "./api";

export type VendorBookingStep = "spot-selection" | "vendor-info" | "payment";

export const VENDOR_BOOKING_SUCCESS_TOAST = {
  title: "Payment Successful!",
  description: "Your vendor spot has been booked successfully!",
};

const isAvailable = (slot: VendorSlotAvailability) => !slot.soldOut && slot.remaining > 0;

/**
 * The spot chosen once the counts are known: a sold-out spot cannot stay chosen. Before the
 * vendor picks anything the first spot with room left is chosen for them; after they picked,
 * or after the server said their spot sold out, they choose again themselves.
 */
function useAvailableSpot(slots: VendorSlotAvailability[] | undefined) {
  const [choice, setChoice] = useState<{ spot: VendorSpotType | null; picked: boolean }>({
    spot: DEFAULT_SPOT,
    picked: false,
  });
  const chosen = slots?.find((slot) => slot.spotType === choice.spot);
  const spotType =
    !slots || !chosen || isAvailable(chosen)
      ? choice.spot
      : choice.picked
        ? null
        : (slots.find(isAvailable)?.spotType ?? null);
  return {
    spotType,
    pick: (spot: VendorSpotType | null) => setChoice({ spot, picked: true }),
  };
}

/** The field messages of a 400 for each step's form, or undefined when it has none for that step. */
export interface StepErrors {
  spot?: ApiError;
  info?: ApiError;
}

/**
 * The start's 400 names fields as they were sent ("vendorBookingData.vendorEmail", "amount");
 * each step's form names them as it shows them. The amount is the chosen spot's price, so a
 * refused amount is shown beside the spots.
 */
function stepErrorsOf(error: unknown): StepErrors {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fieldErrors) return {};
  const spot: FieldErrors = {};
  const info: FieldErrors = {};
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const field = name.replace(/^vendorBookingData\./, "");
    if (field === "spotType" || field === "amount") (spot.spotType ??= []).push(...messages);
    else info[field] = messages;
  }
  const withFields = (fieldErrors: FieldErrors) =>
    Object.keys(fieldErrors).length
      ? new ApiError(error.status, error.message, {
          statusText: error.statusText,
          serverMessage: error.serverMessage,
          fieldErrors,
        })
      : undefined;
  return { spot: withFields(spot), info: withFields(info) };
}

/**
 * The dialog's steps: spot-selection → vendor-info (Back returns) → payment
 * (once the PaymentIntent exists, or at once with the fallback when Stripe is not set up).
 * The spot counts are read when the dialog opens; a spot that sells out meanwhile (409)
 * sends the vendor back to choose another, with what they typed kept; a 400's field messages
 * appear beside the fields of the step they belong to.
 */
export function useVendorBooking(tourDateId: string, onFinished: () => void) {
  const queryClient = useQueryClient();
  const createIntent = useCreateVendorPaymentIntent();
  const complete = useCompleteVendorBookingPayment();
  const availability = useQuery(vendorSlotsQuery(tourDateId));
  const spot = useAvailableSpot(availability.data);
  const [step, setStep] = useState<VendorBookingStep>("spot-selection");
  const [vendorInfo, setVendorInfo] = useState<VendorInfo | null>(null);
  const [payment, setPayment] = useState<PreparedPayment | null>(null);
  const [bookingData, setBookingData] = useState<VendorBookingData | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [soldOutNotice, setSoldOutNotice] = useState<string | null>(null);
  const [stepErrors, setStepErrors] = useState<StepErrors>({});

  function back(values: VendorInfo) {
    setVendorInfo(values);
    setStep("spot-selection");
  }

  function chooseSpot(spotType: VendorSpotType) {
    setSoldOutNotice(null);
    setStepErrors({});
    spot.pick(spotType);
  }

  async function submitVendorInfo(values: VendorInfo) {
    setVendorInfo(values);
    if (!spot.spotType) return setStep("spot-selection");
    const amount = VENDOR_SPOTS[spot.spotType].price;
    const data: VendorBookingData = { ...values, tourDateId, spotType: spot.spotType, amount };
    // Set when the server answers 409 (no slot of this type is left) or 400 (fields refused).
    const refused: { soldOut?: string; fields?: StepErrors } = {};
    setStepErrors({});
    setPreparing(true);
    const prepared = await preparePayment(queryClient, async () => {
      try {
        return await createIntent.mutateAsync({ amount, vendorBookingData: data });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          refused.soldOut = errorMessage(error, "This spot type is sold out for this show. Please choose another.");
        }
        refused.fields = stepErrorsOf(error);
        throw error;
      }
    });
    setPreparing(false);
    if (refused.fields?.spot || refused.fields?.info) {
      setStepErrors(refused.fields);
      if (refused.fields.spot) setStep("spot-selection");
      return;
    }
    if (refused.soldOut) {
      setSoldOutNotice(refused.soldOut);
      spot.pick(null);
      setStep("spot-selection");
      void availability.refetch();
      return;
    }
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
    spotType: spot.spotType,
    chooseSpot,
    availability,
    soldOutNotice,
    stepErrors,
    vendorInfo,
    payment,
    preparingPayment: preparing,
    back,
    submitVendorInfo,
    handleOutcome,
  };
}
