import { useState } from "react";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import type { MerchandiseOrderDetail, MerchandiseReturn } from "@shared/merchandise-fulfilment";
import { formatMoney } from "@shared/money";
import { formatPostalAddress } from "@shared/postal-address";
import { LoadError } from "@/components/page-shell";
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
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { packingSlipPath, useApproveReturn, useCancelOrder, useMerchandiseOrder, useRejectReturn } from "../api";
import { lineLabel, OrderLines } from "./order-lines";
import { RefundUnshippedDialog } from "./refund-unshipped-dialog";
import { ShipDialog } from "./ship-dialog";

/** Plain words for an order's status. */
export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: "Awaiting payment",
  failed: "Payment failed",
  paid: "Paid",
  "partially-shipped": "Partially shipped",
  shipped: "Shipped",
  returned: "Returned",
  cancelled: "Cancelled",
};

const when = (iso: string) => formatDayTime(iso, viewerTimeZone());

export const orderTitle = (order: { orderNumber: number | null }) =>
  order.orderNumber === null ? "Order" : `Order #${order.orderNumber}`;

/** One order (admin): its lines, address, parcels and returns, and what can be done with it. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const order = useMerchandiseOrder(orderId);
  return (
    <Dialog open={orderId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        {order.isPending ? (
          <div role="status" aria-label="Loading the order" className="grid gap-2">
            <DialogTitle className="sr-only">Loading the order</DialogTitle>
            <Skeleton className="h-8 w-40" />
            <Skeleton className="h-32" />
          </div>
        ) : order.isError ? (
          <>
            <DialogTitle className="sr-only">Order</DialogTitle>
            <LoadError what="the order" error={order.error} onRetry={() => void order.refetch()} />
          </>
        ) : (
          <OrderDetail order={order.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function OrderDetail({ order }: { order: MerchandiseOrderDetail }) {
  const [shipping, setShipping] = useState(false);
  const [approving, setApproving] = useState<MerchandiseReturn | null>(null);
  const [rejecting, setRejecting] = useState<MerchandiseReturn | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const cancel = useCancelOrder(order.id);
  const canShip = !order.cancelling && (order.status === "paid" || order.status === "partially-shipped");
  // Units refunded before shipping are no longer to be sent.
  const shippable = order.lines.map((line) => ({ ...line, quantity: line.quantity - line.refundedQuantity }));
  const a = order.address;
  const lineById = new Map(order.lines.map((line) => [line.id, line]));

  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle className="flex flex-wrap items-center gap-2">
          {orderTitle(order)} <Badge variant="secondary">{ORDER_STATUS_LABELS[order.status] ?? order.status}</Badge>
        </DialogTitle>
        <DialogDescription>
          {order.customerEmail} · {when(order.createdAt)} · {formatMoney(order.total)}
          {order.refundedAmount !== "0.00" ? ` (${formatMoney(order.refundedAmount)} refunded)` : ""}
        </DialogDescription>
      </DialogHeader>

      <div className="flex flex-wrap gap-2">
        {canShip && <Button onClick={() => setShipping(true)}>Ship</Button>}
        <Button variant="outline" asChild>
          <a href={packingSlipPath(order.id)} download>
            Packing slip
          </a>
        </Button>
        {canShip && (
          <Button variant="outline" onClick={() => setRefunding(true)}>
            Refund unsent items
          </Button>
        )}
        {order.status === "paid" && (
          <Button variant="destructive" onClick={() => setCancelling(true)}>
            {order.cancelling ? "Finish cancelling" : "Cancel order"}
          </Button>
        )}
      </div>
      {order.cancelling && (
        <p role="status" className="rounded-md border border-destructive/40 p-3 text-sm">
          This order is being cancelled and refunded, so it can&apos;t be shipped. If the cancellation did not finish,
          choose Finish cancelling: the buyer is never refunded twice.
        </p>
      )}

      <section aria-labelledby="order-lines-title" className="grid gap-2">
        <h3 id="order-lines-title" className="font-semibold">
          Items
        </h3>
        <OrderLines lines={order.lines} />
        <p className="text-right text-sm text-muted-foreground">
          Subtotal {formatMoney(order.subtotal)} · Shipping {formatMoney(order.shipping)} · Tax {formatMoney(order.tax)}
        </p>
      </section>

      <section aria-labelledby="order-address-title" className="grid gap-1">
        <h3 id="order-address-title" className="font-semibold">
          Ship to
        </h3>
        {a ? (
          <address className="text-sm not-italic">
            {formatPostalAddress(a).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        ) : (
          <p className="text-sm text-muted-foreground">No address (placed before the shop shipped).</p>
        )}
      </section>

      <section aria-labelledby="order-parcels-title" className="grid gap-2">
        <h3 id="order-parcels-title" className="font-semibold">
          Parcels
        </h3>
        {order.fulfilments.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has shipped yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {order.fulfilments.map((f) => (
              <li key={f.id} className="rounded-lg border p-3">
                <p>
                  {when(f.shippedAt)} · {f.carrier}{" "}
                  {f.trackingUrl ? (
                    <a className="underline" href={f.trackingUrl} target="_blank" rel="noreferrer">
                      {f.trackingNumber}
                    </a>
                  ) : (
                    f.trackingNumber
                  )}
                </p>
                <p className="text-muted-foreground">
                  {f.lines
                    .map((l) => `${l.quantity} × ${lineById.get(l.lineId) ? lineLabel(lineById.get(l.lineId)!) : ""}`)
                    .join(", ")}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="order-returns-title" className="grid gap-2">
        <h3 id="order-returns-title" className="font-semibold">
          Returns
        </h3>
        {order.returns.length === 0 ? (
          <p className="text-sm text-muted-foreground">No returns.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {order.returns.map((r) => (
              <li key={r.id} className="grid gap-1 rounded-lg border p-3">
                <p>
                  {when(r.requestedAt)} · <span className="font-medium">{r.status}</span>
                  {r.refundAmount ? ` · ${formatMoney(r.refundAmount)}` : ""}
                  {r.status !== "requested" ? (r.restock ? " · restocked" : " · not restocked") : ""}
                </p>
                {r.reason && <p className="text-muted-foreground">“{r.reason}”</p>}
                <p className="text-muted-foreground">
                  {r.lines
                    .map((l) => `${l.quantity} × ${lineById.get(l.lineId) ? lineLabel(lineById.get(l.lineId)!) : ""}`)
                    .join(", ")}
                </p>
                {(r.status === "requested" || r.status === "approved") && (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => setApproving(r)}>
                      {r.status === "approved" ? "Retry refund" : "Approve return"}
                    </Button>
                    {r.status === "requested" && (
                      <Button size="sm" variant="outline" onClick={() => setRejecting(r)}>
                        Reject return
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {order.refunds.length > 0 && (
        <section aria-labelledby="order-refunds-title" className="grid gap-2">
          <h3 id="order-refunds-title" className="font-semibold">
            Refunded before shipping
          </h3>
          <ul className="grid gap-2 text-sm">
            {order.refunds.map((r) => (
              <li key={r.id} className="rounded-lg border p-3">
                <p>
                  {when(r.createdAt)} · {formatMoney(r.amount)} ·{" "}
                  {r.status === "pending" ? "waiting on the card payment service" : "refunded"}
                  {r.restock ? " · restocked" : " · not restocked"}
                </p>
                <p className="text-muted-foreground">
                  {r.lines
                    .map((l) => `${l.quantity} × ${lineById.get(l.lineId) ? lineLabel(lineById.get(l.lineId)!) : ""}`)
                    .join(", ")}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ShipDialog
        orderId={order.id}
        orderLabel={orderTitle(order).toLowerCase()}
        lines={shippable}
        open={shipping}
        onOpenChange={setShipping}
      />
      <RefundUnshippedDialog
        orderId={order.id}
        orderLabel={orderTitle(order).toLowerCase()}
        lines={order.lines}
        open={refunding}
        onOpenChange={setRefunding}
      />
      <ApproveReturnDialog orderId={order.id} request={approving} onClose={() => setApproving(null)} />
      <RejectReturnDialog orderId={order.id} request={rejecting} onClose={() => setRejecting(null)} />
      <AlertDialog open={cancelling} onOpenChange={setCancelling}>
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
    </div>
  );
}

/** Approving the buyer's request: back on the shelf or not; the refund is the lines' price and tax. */
function ApproveReturnDialog({
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
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
          Put the items back in stock
        </label>
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
function RejectReturnDialog({
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
        <label className="grid gap-1 text-sm">
          Reason for the buyer (optional)
          <textarea
            className="min-h-20 rounded-md border bg-background p-2"
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
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
