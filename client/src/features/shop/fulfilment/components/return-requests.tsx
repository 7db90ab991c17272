import { formatDay } from "@shared/dates";
import type { MerchandiseReturn, PublicMerchandiseOrder } from "@shared/merchandise-fulfilment";
import { formatMoney } from "@shared/money";
import { lineLabel } from "./order-lines";

/** Where a return request stands, in the buyer's words (docs/product.md, "The buyer's order page"). */
export function returnState(request: Pick<MerchandiseReturn, "status" | "refundAmount" | "rejectionReason">): string {
  switch (request.status) {
    case "refunded":
      return `Approved and refunded ${formatMoney(request.refundAmount ?? "0")}`;
    case "approved":
      return `Approved: a refund of ${formatMoney(request.refundAmount ?? "0")} is on its way`;
    case "rejected":
      return request.rejectionReason ? `Not accepted: ${request.rejectionReason}` : "Not accepted";
    default:
      return "Waiting for the label to look at it";
  }
}

/** The order's return requests, oldest first: when each was asked for, what, and where it stands. */
export function ReturnRequests({ order }: { order: Pick<PublicMerchandiseOrder, "lines" | "returns"> }) {
  if (order.returns.length === 0) return null;
  const lines = new Map(order.lines.map((line) => [line.id, line]));
  return (
    <ul className="grid gap-2 text-sm" aria-label="Your return requests">
      {order.returns.map((request) => (
        <li key={request.id} className="rounded-md border p-3">
          <p className="font-medium">Requested on {formatDay(request.requestedAt, null, "short")}</p>
          <p className="text-muted-foreground">
            {request.lines
              .map(({ lineId, quantity }) => {
                const line = lines.get(lineId);
                return `${quantity} × ${line ? lineLabel(line) : "an item"}`;
              })
              .join(", ")}
          </p>
          <p>{returnState(request)}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Units of a line the buyer may still ask to return: shipped, not returned, not already asked
 * for. The page counts a line's units returned once refunded, so a request approved and not yet
 * refunded still holds its units here.
 */
export function returnableUnits(
  line: PublicMerchandiseOrder["lines"][number],
  returns: PublicMerchandiseOrder["returns"],
): number {
  const waiting = returns
    .filter((request) => request.status === "requested" || request.status === "approved")
    .flatMap((request) => request.lines)
    .filter((requested) => requested.lineId === line.id)
    .reduce((sum, requested) => sum + requested.quantity, 0);
  return Math.max(0, line.shippedQuantity - line.returnedQuantity - waiting);
}
