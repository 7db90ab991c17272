import { formatDay } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { errorMessage } from "@/lib/api-request";
import { useQuote } from "../api";
import { stockNote, type CartLine } from "../cart-store";
import { cartLineName, QuantityControls, RemoveLineButton } from "./cart-drawer";

/** A line the server refused: its words ("Only 2 left") and the quantity they answered. */
export interface LineRefusal {
  message: string;
  quantity: number;
}

/**
 * The checkout's cart: each line with its quantity (within its stock and per-order maximum) and
 * Remove, and beside a line the server's refusal of it ("Only 2 left") until its quantity changes.
 */
export function CheckoutLines({
  lines,
  refusals,
}: {
  lines: readonly CartLine[];
  refusals: ReadonlyMap<string, LineRefusal>;
}) {
  return (
    <ul className="grid gap-3 text-sm" aria-label="Items in your cart">
      {lines.map((line) => {
        const refusal = refusals.get(line.variantId);
        const refused = refusal && refusal.quantity === line.quantity ? refusal.message : null;
        const note = refused ? null : stockNote(line);
        return (
          <li key={line.variantId} className="grid gap-2 border-b pb-3">
            <div className="flex justify-between gap-2">
              <span>
                <span className="font-medium">{cartLineName(line)}</span>
                {line.shipsFrom && (
                  <span className="block text-muted-foreground">
                    Ships from {formatDay(line.shipsFrom, null, "short")}
                  </span>
                )}
              </span>
              <span className="tabular-nums">{formatMoney(line.price)} each</span>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <QuantityControls line={line} />
              <RemoveLineButton line={line} />
            </div>
            {refused && (
              <p role="alert" className="font-medium text-destructive">
                {refused}
              </p>
            )}
            {note && <p className="text-muted-foreground">{note}</p>}
          </li>
        );
      })}
    </ul>
  );
}

/** The quote's four amounts, as the server computed them for the chosen country. */
export function QuoteSummary({
  country,
  items,
}: {
  country: string;
  items: { variantId: string; quantity: number }[];
}) {
  const quote = useQuote(country ? { items, country } : null);
  if (!country) return <p className="text-sm text-muted-foreground">Choose a country to see shipping and tax.</p>;
  if (quote.isPending) return <p role="status">Working out shipping and tax...</p>;
  if (quote.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(quote.error, "Could not price the order")}
      </p>
    );
  const rows: [string, string][] = [
    ["Items", quote.data.subtotal],
    ["Shipping", quote.data.shipping],
    [`Tax (${quote.data.taxRate} %)`, quote.data.tax],
  ];
  return (
    <dl className="grid gap-1 text-sm" aria-label="Order total">
      {rows.map(([label, amount]) => (
        <div key={label} className="flex justify-between">
          <dt>{label}</dt>
          <dd className="tabular-nums">{formatMoney(amount)}</dd>
        </div>
      ))}
      <div className="flex justify-between font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums">{formatMoney(quote.data.total)}</dd>
      </div>
    </dl>
  );
}
