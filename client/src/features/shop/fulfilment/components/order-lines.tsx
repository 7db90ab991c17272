import type { MerchandiseOrderLine } from "@shared/merchandise-fulfilment";
import { formatMoney } from "@shared/money";

/** "Tour Shirt (M / Black)": the item and its options. */
export function lineLabel(line: Pick<MerchandiseOrderLine, "itemName" | "options">): string {
  const options = Object.values(line.options ?? {});
  return options.length ? `${line.itemName} (${options.join(" / ")})` : line.itemName;
}

/** An order's lines: what was bought, at what price, and how many have shipped and come back. */
export function OrderLines({ lines }: { lines: (MerchandiseOrderLine & { refundedQuantity?: number })[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Items in this order</caption>
      <thead className="text-left text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            Item
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            Qty
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            Shipped
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Each
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {lines.map((line) => (
          <tr key={line.id}>
            <td className="py-2 pr-2">
              <span className="block">{lineLabel(line)}</span>
              <span className="block text-xs text-muted-foreground">
                {line.sku}
                {line.returnedQuantity > 0 ? ` · ${line.returnedQuantity} returned` : ""}
                {line.refundedQuantity ? ` · ${line.refundedQuantity} refunded, not shipping` : ""}
              </span>
            </td>
            <td className="py-2 pr-2 text-right tabular-nums">{line.quantity}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{line.shippedQuantity}</td>
            <td className="py-2 text-right tabular-nums">{formatMoney(line.unitPrice)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
