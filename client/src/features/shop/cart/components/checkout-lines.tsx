import { formatDay } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { stockNote, type CartLine } from "../cart-store";
import { downloadKey, type DownloadLine } from "../download-lines";
import { cartLineName, QuantityControls, RemoveLineButton } from "./cart-drawer";
import type { DownloadRefusal, LineRefusal } from "./checkout-refusals";
import { DownloadLineItem } from "./download-line";

/**
 * The checkout's cart: each line with its quantity (within its stock and per-order maximum) and
 * Remove, and beside a line the server's refusal of it ("Only 2 left") until its quantity changes;
 * then each download with its price and Remove, and the server's refusal of it ("The minimum for
 * this release is $5.00") until it is added again at another price.
 */
export function CheckoutLines({
  lines,
  refusals,
  downloads = [],
  downloadRefusals = new Map(),
}: {
  lines: readonly CartLine[];
  refusals: ReadonlyMap<string, LineRefusal>;
  downloads?: readonly DownloadLine[];
  downloadRefusals?: ReadonlyMap<string, DownloadRefusal>;
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
      {downloads.map((line) => {
        const key = downloadKey(line);
        const refusal = downloadRefusals.get(key);
        return (
          <DownloadLineItem
            key={key}
            line={line}
            className="pb-3"
            error={refusal && refusal.price === line.price ? refusal.message : null}
          />
        );
      })}
    </ul>
  );
}
