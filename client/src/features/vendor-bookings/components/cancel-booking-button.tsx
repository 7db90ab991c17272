import { useId, useState } from "react";
import { formatMoney } from "@shared/money";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import type { VendorBooking } from "@shared/vendor-bookings";
import { useCancelVendorBooking } from "../api";

/** Only a booking that holds a slot can be cancelled: a paid one (refunded) or a pending one. */
export const isCancellable = (booking: Pick<VendorBooking, "paymentStatus">) =>
  booking.paymentStatus === "paid" || booking.paymentStatus === "pending";

function consequence(booking: VendorBooking): string {
  return booking.paymentStatus === "paid"
    ? `${formatMoney(booking.amount)} is refunded to the vendor's card, the spot goes back on sale and the vendor is e-mailed. This cannot be undone.`
    : "The spot it holds goes back on sale; nothing has been charged. This cannot be undone.";
}

/** 'Cancel booking' behind a confirmation that says what happens, with an optional reason for the vendor. */
export function CancelBookingButton({ booking }: { booking: VendorBooking }) {
  const cancel = useCancelVendorBooking();
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const paid = booking.paymentStatus === "paid";

  function confirm() {
    cancel.mutate(
      { id: booking.id, reason: (paid && reason.trim()) || undefined },
      {
        onSuccess: () =>
          toast({
            title: "Success",
            description: paid ? "Booking cancelled and refunded" : "Booking cancelled",
          }),
      },
    );
  }

  return (
    <AlertDialog onOpenChange={(open) => !open && setReason("")}>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={cancel.isPending}
          aria-label={`Cancel booking of ${booking.businessName}`}
        >
          Cancel booking
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel the booking of {booking.businessName}?</AlertDialogTitle>
          <AlertDialogDescription>{consequence(booking)}</AlertDialogDescription>
        </AlertDialogHeader>
        {/* Only a refund is e-mailed to the vendor, so only then is there someone to tell. */}
        {paid && (
          <div className="grid gap-2">
            <Label htmlFor={reasonId}>Reason (optional)</Label>
            <Textarea
              id={reasonId}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              placeholder="Told to the vendor in the e-mail"
            />
          </div>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>Keep booking</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: "destructive" })} onClick={confirm}>
            {paid ? "Cancel and refund" : "Cancel booking"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
