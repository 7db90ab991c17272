import { useId, useState } from "react";
import type { MerchandiseReturn } from "@shared/merchandise-fulfilment";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { useApproveReturn, useRejectReturn } from "../api";

/** Approving the buyer's request: back on the shelf or not; the refund is the lines' price and tax. */
export function ApproveReturnDialog({
  orderId,
  request,
  onClose,
}: {
  orderId: string;
  request: MerchandiseReturn | null;
  onClose: () => void;
}) {
  const approve = useApproveReturn(orderId);
  const [restock, setRestock] = useState(true);
  const restockId = useId();
  return (
    <AlertDialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Approve this return?</AlertDialogTitle>
          <AlertDialogDescription>
            The returned items&apos; price and their tax are refunded to the buyer&apos;s card, and the buyer gets an
            e-mail.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="flex items-center gap-2">
          <Checkbox id={restockId} checked={restock} onCheckedChange={(checked) => setRestock(checked === true)} />
          <Label htmlFor={restockId} className="font-normal">
            Put the items back in stock
          </Label>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>Not now</AlertDialogCancel>
          <AlertDialogAction
            disabled={approve.isPending}
            onClick={() =>
              request &&
              approve.mutate(
                { returnId: request.id, restock },
                { onSuccess: () => toast({ title: "Return approved", description: "The refund is on its way." }) },
              )
            }
          >
            Approve and refund
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Turning the buyer's request down: nothing is refunded; the buyer gets an e-mail with the reason given. */
export function RejectReturnDialog({
  orderId,
  request,
  onClose,
}: {
  orderId: string;
  request: MerchandiseReturn | null;
  onClose: () => void;
}) {
  const reject = useRejectReturn(orderId);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  return (
    <AlertDialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason("");
          onClose();
        }
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Reject this return?</AlertDialogTitle>
          <AlertDialogDescription>
            Nothing is refunded or restocked. The buyer gets an e-mail saying so, with your reason if you give one.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <div className="grid gap-1">
          <Label htmlFor={reasonId} className="font-normal">
            Reason for the buyer (optional)
          </Label>
          <Textarea id={reasonId} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>Not now</AlertDialogCancel>
          <AlertDialogAction
            disabled={reject.isPending}
            onClick={() =>
              request &&
              reject.mutate(
                { returnId: request.id, reason: reason.trim() || undefined },
                { onSuccess: () => toast({ title: "Return rejected", description: "The buyer has been told." }) },
              )
            }
          >
            Reject return
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
