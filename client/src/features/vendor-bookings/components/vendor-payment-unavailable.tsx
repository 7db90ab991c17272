import { ContactLinks } from "@/components/contact-links";
import { PaymentUnavailable } from "@/components/payments/payment-unavailable";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

/**
 * The payment step without card payments: the fallback sentence, then how to reach the label
 * to book another way, and "Back" to the vendor's details (nothing was booked, nothing is lost).
 */
export function VendorPaymentUnavailable({ onBack }: { onBack(): void }) {
  return (
    <>
      <PaymentUnavailable>
        <ContactLinks className="mt-1" linkClassName="font-medium text-primary" />
      </PaymentUnavailable>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
      </DialogFooter>
    </>
  );
}
