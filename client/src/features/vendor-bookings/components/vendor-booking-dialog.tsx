import { VENDOR_SPOTS } from "@shared/constants";
import { formatMoney } from "@shared/money";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PaymentStep } from "@/components/payments/payment-step";
import { VendorPaymentUnavailable } from "./vendor-payment-unavailable";
import type { VendorTourDate } from "../api";
import { useVendorBooking, type VendorBookingStep } from "../use-vendor-booking";
import { SpotSelectionStep } from "./spot-selection-step";
import { VendorInfoStep } from "./vendor-info-step";

const STEP_LABELS: Record<VendorBookingStep, string> = {
  "spot-selection": "Step 1 of 3: Choose a spot",
  "vendor-info": "Step 2 of 3: Vendor information",
  payment: "Step 3 of 3: Payment",
};

/** Where Stripe returns a vendor whose payment method needed a redirect. */
export function vendorBookingReturnUrl() {
  return `${window.location.origin}/vendor-booking`;
}

/**
 * The three-step booking dialog for one tour date (null = closed). Its state
 * lives in the content, which unmounts on close: closing or finishing starts over.
 */
export function VendorBookingDialog({ tourDate, onClose }: { tourDate: VendorTourDate | null; onClose(): void }) {
  return (
    <Dialog open={tourDate !== null} onOpenChange={(open) => !open && onClose()}>
      {tourDate && <VendorBookingContent key={tourDate.id} tourDate={tourDate} onClose={onClose} />}
    </Dialog>
  );
}

function VendorBookingContent({ tourDate, onClose }: { tourDate: VendorTourDate; onClose(): void }) {
  const flow = useVendorBooking(tourDate.id, onClose);
  const spot = flow.spotType && VENDOR_SPOTS[flow.spotType];

  return (
    <DialogContent
      // A click outside must not throw away a card form the vendor is filling in.
      onInteractOutside={(event) => flow.step === "payment" && event.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>Book Vendor Slot</DialogTitle>
        <DialogDescription>
          {tourDate.artistName} · {tourDate.date} at {tourDate.time} · {tourDate.location}
        </DialogDescription>
        <p className="text-sm font-medium text-primary" aria-live="polite">
          {STEP_LABELS[flow.step]}
        </p>
      </DialogHeader>

      {flow.step === "spot-selection" && (
        <SpotSelectionStep
          value={flow.spotType}
          onChange={flow.chooseSpot}
          onContinue={() => flow.setStep("vendor-info")}
          availability={flow.availability}
          notice={flow.soldOutNotice}
          serverError={flow.stepErrors.spot}
        />
      )}
      {flow.step === "vendor-info" && (
        <VendorInfoStep
          defaultValues={flow.vendorInfo}
          pending={flow.preparingPayment}
          onBack={flow.back}
          onSubmit={flow.submitVendorInfo}
          serverError={flow.stepErrors.info}
        />
      )}
      {flow.step === "payment" && flow.payment && spot && (
        <PaymentStep
          payment={flow.payment}
          summary={
            <p className="flex justify-between gap-4">
              <span>{spot.label}</span>
              <span className="font-semibold tabular-nums">{formatMoney(spot.price)}</span>
            </p>
          }
          returnUrl={vendorBookingReturnUrl()}
          payLabel={`Pay ${formatMoney(spot.price)}`}
          onOutcome={flow.handleOutcome}
          unavailable={<VendorPaymentUnavailable onBack={() => flow.setStep("vendor-info")} />}
        />
      )}
    </DialogContent>
  );
}
