import { useState } from "react";
import type { MerchandiseOrderDetail, MerchandiseReturn } from "@shared/merchandise-fulfilment";
import { formatMoney } from "@shared/money";
import { formatPostalAddress } from "@shared/postal-address";
import { LoadError } from "@/components/page-shell";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ORDER_STATUS_LABELS, orderTitle } from "../../orders/order-labels";
import { packingSlipPath, useMerchandiseOrder } from "../api";
import { CancelOrderDialog } from "./cancel-order-dialog";
import { OrderDownloads } from "../../orders/components/order-downloads";
import { OrderHistory, when } from "./order-history";
import { OrderLines } from "./order-lines";
import { RefundUnshippedDialog } from "./refund-unshipped-dialog";
import { ApproveReturnDialog, RejectReturnDialog } from "./return-decision-dialogs";
import { ShipDialog } from "./ship-dialog";

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
  const canShip = !order.cancelling && (order.status === "paid" || order.status === "partially-shipped");
  // Units refunded before shipping are no longer to be sent.
  const shippable = order.lines.map((line) => ({ ...line, quantity: line.quantity - line.refundedQuantity }));
  const a = order.address;

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

      <OrderDownloads downloads={order.downloads} headingLevel={3} />
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

      <OrderHistory order={order} onApprove={setApproving} onReject={setRejecting} />

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
      <CancelOrderDialog order={order} open={cancelling} onOpenChange={setCancelling} />
    </div>
  );
}
