import { useQuery } from "@tanstack/react-query";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { LoadError } from "@/components/page-shell";
import { Skeleton } from "@/components/ui/skeleton";
import { PaymentStatusBadge } from "@/components/payments/payment-status-badge";
import { merchandiseOrdersQuery } from "../api";

function formatWhen(iso: string) {
  return formatDayTime(iso, viewerTimeZone());
}

/** Orders for the merchandise management page (admin): newest first, with payment status. */
export function MerchandiseOrdersPanel() {
  const orders = useQuery(merchandiseOrdersQuery);
  return (
    <section aria-labelledby="merchandise-orders-title" className="mt-12 grid gap-4 border-t pt-8">
      <div>
        <h2 id="merchandise-orders-title" className="text-2xl font-semibold tracking-tight">
          Orders
        </h2>
        <p className="text-sm text-muted-foreground">
          Stock is reserved when checkout starts and returned if the payment fails.
        </p>
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
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">No orders yet.</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card">
          {orders.data.map((order) => (
            <li key={order.id} className="grid gap-2 p-4 sm:grid-cols-[1.5fr_1.5fr_auto] sm:items-center">
              <div className="min-w-0">
                <p className="font-medium">
                  {order.quantity} × {order.itemName}
                </p>
                <p className="text-sm text-muted-foreground">{formatWhen(order.createdAt)}</p>
              </div>
              <a className="min-w-0 break-all text-sm hover:underline" href={`mailto:${order.customerEmail}`}>
                {order.customerEmail}
              </a>
              <div className="flex items-center gap-3 sm:justify-end">
                <span className="font-semibold tabular-nums">{formatMoney(order.totalAmount)}</span>
                <PaymentStatusBadge status={order.paymentStatus} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
