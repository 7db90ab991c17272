import type { MerchandiseOrderDetail } from "@shared/merchandise-fulfilment";
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
} from "@/components/ui/alert-dialog";
import { toast } from "@/hooks/use-toast";
import { orderTitle } from "../../orders/order-labels";
import { useCancelOrder } from "../api";

/** Cancelling a paid order: the buyer is refunded and the items not sent go back in stock. */
export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: MerchandiseOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelOrder(order.id);
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel {orderTitle(order).toLowerCase()}?</AlertDialogTitle>
          <AlertDialogDescription>
            {formatMoney(order.total)} is refunded to the buyer&apos;s card (less anything refunded before) and the
            items not sent go back in stock.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep the order</AlertDialogCancel>
          <AlertDialogAction
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => toast({ title: "Order cancelled", description: "The buyer has been refunded." }),
              })
            }
          >
            Cancel and refund
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
