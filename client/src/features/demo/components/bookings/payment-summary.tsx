import { CreditCard } from "lucide-react";
import { BOOKING_SUMMARY } from "@shared/constants";
import { Button } from "@/components/ui/button";
import { formatDollars, previewToast } from "../../preview";

/** The static summary $2,500 + $250 = $2,750. */
export function PaymentSummary() {
  return (
    <div className="grid gap-4">
      <dl className="grid gap-2 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Artist Fee</dt>
          <dd>{formatDollars(BOOKING_SUMMARY.artistFee)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Service Fee</dt>
          <dd>{formatDollars(BOOKING_SUMMARY.serviceFee)}</dd>
        </div>
        {/* A rule drawn as a border: a separator element is not allowed inside <dl>. */}
        <div className="mt-1 flex justify-between border-t pt-3 text-base font-semibold">
          <dt>Total</dt>
          <dd>{formatDollars(BOOKING_SUMMARY.total)}</dd>
        </div>
      </dl>
      <Button type="button" size="lg" onClick={() => previewToast("Paying for a booking")}>
        <CreditCard aria-hidden="true" />
        Proceed to Payment
      </Button>
    </div>
  );
}
