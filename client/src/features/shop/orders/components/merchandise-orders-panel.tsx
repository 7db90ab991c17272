import { useDeferredValue, useState } from "react";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { MERCHANDISE_ORDER_FILTERS, type MerchandiseOrderFilter } from "@shared/merchandise-orders";
import { formatMoney } from "@shared/money";
import { LoadError } from "@/components/page-shell";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { PaymentStatusBadge } from "@/components/payments/payment-status-badge";
import { ordersExportPath, useMerchandiseOrders } from "../api";
import { OrderDetailDialog } from "../../fulfilment/components/order-detail-dialog";
import { ORDER_STATUS_LABELS, orderTitle } from "../order-labels";

function formatWhen(iso: string) {
  return formatDayTime(iso, viewerTimeZone());
}

const FILTER_LABELS: Record<MerchandiseOrderFilter, string> = {
  unshipped: "To ship (paid or partially shipped)",
  paid: "Paid",
  "partially-shipped": "Partially shipped",
  shipped: "Shipped",
  returned: "Returned",
  cancelled: "Cancelled",
};

const selectClass =
  "flex h-10 rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";

/**
 * The shop's orders (admin, on their own page, /admin/orders): newest first, filtered by status
 * and searched by e-mail, name, order number or tracking number; each opens to ship, return or
 * cancel.
 */
export function MerchandiseOrdersPanel() {
  const [status, setStatus] = useState<MerchandiseOrderFilter | "">("");
  const [text, setText] = useState("");
  const q = useDeferredValue(text);
  const [openId, setOpenId] = useState<string | null>(null);
  const orders = useMerchandiseOrders({ status: status || undefined, q });
  const filtered = status !== "" || q.trim() !== "";
  return (
    <section aria-labelledby="merchandise-orders-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="merchandise-orders-title" className="text-2xl font-semibold tracking-tight">
            Orders
          </h2>
          <p className="text-sm text-muted-foreground">
            Stock is reserved when checkout starts and returned if the payment fails.
          </p>
        </div>
        <Button variant="outline" asChild>
          <a href={ordersExportPath("unshipped")} download>
            Export orders to ship (CSV)
          </a>
        </Button>
      </div>
      {/* The filter and the search wrap onto two rows before either could cover the other. */}
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid w-full gap-1 text-sm sm:w-60">
          <span className="font-medium">Status</span>
          <select
            className={`${selectClass} w-full`}
            value={status}
            onChange={(e) => setStatus(e.target.value as MerchandiseOrderFilter | "")}
          >
            <option value="">All orders</option>
            {MERCHANDISE_ORDER_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        </label>
        <div className="grid min-w-0 flex-1 basis-64 gap-1 text-sm">
          <label htmlFor="merchandise-orders-search" className="font-medium">
            Search
          </label>
          <Input
            id="merchandise-orders-search"
            type="search"
            value={text}
            maxLength={200}
            placeholder="E-mail, name, order number or tracking number"
            onChange={(e) => setText(e.target.value)}
          />
        </div>
      </div>
      {orders.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading orders">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 rounded-xl" />
          ))}
        </div>
      ) : orders.isError ? (
        <LoadError what="the orders" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
          {filtered ? "No orders match." : "No orders yet."}
        </p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card">
          {orders.data.map((order) => {
            const oneLine = order.itemName !== null && order.quantity !== null;
            return (
              <li key={order.id} className="grid gap-2 p-4 sm:grid-cols-[1.5fr_1.5fr_auto] sm:items-center">
                <div className="min-w-0">
                  <p className="font-medium">
                    {oneLine
                      ? `${order.quantity} × ${order.itemName}`
                      : orderTitle({ orderNumber: order.orderNumber ?? null })}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {/* The number once: in the title of an order of several lines, else here. */}
                    {oneLine && order.orderNumber ? `#${order.orderNumber} · ` : ""}
                    {formatWhen(order.createdAt)}
                    {order.shipName ? ` · ${order.shipName}` : ""}
                  </p>
                </div>
                <a className="min-w-0 break-all text-sm hover:underline" href={`mailto:${order.customerEmail}`}>
                  {order.customerEmail}
                </a>
                <div className="flex flex-wrap items-center gap-3 sm:justify-end">
                  <span className="font-semibold tabular-nums">{formatMoney(order.totalAmount)}</span>
                  <PaymentStatusBadge status={order.paymentStatus} />
                  {order.status && !["paid", "pending", "failed"].includes(order.status) && (
                    <Badge variant="outline">{ORDER_STATUS_LABELS[order.status] ?? order.status}</Badge>
                  )}
                  <Button size="sm" variant="outline" onClick={() => setOpenId(order.id)}>
                    Details<span className="sr-only"> of {order.customerEmail}&apos;s order</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <OrderDetailDialog orderId={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
