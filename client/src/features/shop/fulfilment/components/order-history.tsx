import { formatDayTime, viewerTimeZone } from "@shared/dates";
import type { AdminOrderLine, MerchandiseOrderDetail, MerchandiseReturn } from "@shared/merchandise-fulfilment";
import { formatMoney } from "@shared/money";
import { Button } from "@/components/ui/button";
import { lineLabel } from "./order-lines";

/** An instant of the order's history, in the reader's own zone. */
export const when = (iso: string) => formatDayTime(iso, viewerTimeZone());

type LineCounts = readonly { lineId: string; quantity: number }[];

/** "2 × Tour Shirt (M / Black), 1 × Poster": the lines a parcel, return or refund took. */
function linesText(counts: LineCounts, lineById: Map<string, AdminOrderLine>): string {
  return counts
    .map(({ lineId, quantity }) => {
      const line = lineById.get(lineId);
      return `${quantity} × ${line ? lineLabel(line) : ""}`;
    })
    .join(", ");
}

/** What happened to the order after it was paid: its parcels, returns and refunds before shipping. */
export function OrderHistory({
  order,
  onApprove,
  onReject,
}: {
  order: MerchandiseOrderDetail;
  onApprove: (request: MerchandiseReturn) => void;
  onReject: (request: MerchandiseReturn) => void;
}) {
  const lineById = new Map(order.lines.map((line) => [line.id, line]));
  return (
    <>
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
                <p className="text-muted-foreground">{linesText(f.lines, lineById)}</p>
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
                <p className="text-muted-foreground">{linesText(r.lines, lineById)}</p>
                {(r.status === "requested" || r.status === "approved") && (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => onApprove(r)}>
                      {r.status === "approved" ? "Retry refund" : "Approve return"}
                    </Button>
                    {r.status === "requested" && (
                      <Button size="sm" variant="outline" onClick={() => onReject(r)}>
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
                <p className="text-muted-foreground">{linesText(r.lines, lineById)}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
