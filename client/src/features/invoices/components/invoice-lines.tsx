import type { InvoiceLineItem } from "@shared/invoices";
import { formatMoney } from "@shared/money";

const muted = "text-muted-foreground print:text-neutral-600";

/**
 * The lines: a table of Description, Qty, Price and Amount from 640 px (and on paper); below
 * that each line stacks, its description above "qty × price" and its amount, so every amount
 * shows on a phone without a box that scrolls sideways.
 */
export function InvoiceLines({ items }: { items: InvoiceLineItem[] }) {
  return (
    <>
      <table className="hidden w-full text-sm sm:table print:table">
        <caption className="sr-only">Line items</caption>
        <thead>
          <tr className={`border-b text-left ${muted}`}>
            <th scope="col" className="py-2 pr-2 font-medium">
              Description
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Price
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && (
            <tr>
              <td colSpan={4} className={`py-3 ${muted}`}>
                No line items
              </td>
            </tr>
          )}
          {items.map((item) => (
            <tr key={item.id} className="border-b print:break-inside-avoid">
              <td className="py-2 pr-2 break-words">{item.description}</td>
              <td className="px-2 py-2 text-right tabular-nums">{item.quantity}</td>
              <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">{formatMoney(item.unitPrice)}</td>
              <td className="py-2 pl-2 text-right whitespace-nowrap tabular-nums">{formatMoney(item.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul aria-label="Line items" className="grid border-y text-sm sm:hidden print:hidden">
        {items.length === 0 && <li className={`py-3 ${muted}`}>No line items</li>}
        {items.map((item) => (
          <li key={item.id} className="grid gap-1 border-b py-3 last:border-b-0">
            <span className="font-medium break-words">{item.description}</span>
            <span className="flex flex-wrap items-baseline justify-between gap-x-3 tabular-nums">
              <span className={muted}>
                {item.quantity} × {formatMoney(item.unitPrice)}
              </span>
              <span className="font-medium">
                <span className="sr-only">Amount </span>
                {formatMoney(item.total)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
