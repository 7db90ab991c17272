import type { UseQueryResult } from "@tanstack/react-query";
import { formatPercent } from "@shared/formats";
import type { Quote } from "@shared/merchandise-checkout";
import { formatMoney, fromCents, sumCents, toCents } from "@shared/money";
import { errorMessage } from "@/lib/api-request";

/**
 * The quote's amounts, as the server computed them for the chosen country: Items, Shipping and
 * the goods' tax when the cart holds goods, the downloads' tax when the country has a rate for
 * them, and the Total. `refusedBeside`: the quote's refusal is said beside a line already.
 */
export function QuoteSummary({
  country,
  quote,
  hasGoods,
  hasDownloads,
  refusedBeside,
}: {
  country: string;
  quote: UseQueryResult<Quote>;
  hasGoods: boolean;
  hasDownloads: boolean;
  refusedBeside: boolean;
}) {
  const what = hasGoods ? "shipping and tax" : "the tax";
  if (!country) return <p className="text-sm text-muted-foreground">Choose a country to see {what}.</p>;
  if (quote.isPending) return <p role="status">Working out {what}...</p>;
  if (quote.isError)
    return refusedBeside ? (
      <p className="text-sm text-muted-foreground">Change or remove the line marked above to see the total.</p>
    ) : (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(quote.error, "Could not price the order")}
      </p>
    );
  const { subtotal, shipping, tax, total, taxRate, digital, digitalTaxRate } = quote.data;
  // The quote's tax is the goods' and the downloads' together; each is shown on its own line.
  const digitalTax = sumCents(digital.map((line) => toCents(line.tax)));
  const rows: [string, string][] = [["Items", subtotal]];
  if (hasGoods) {
    rows.push(["Shipping", shipping]);
    rows.push([taxRate === null ? "Tax" : `Tax (${taxRate} %)`, fromCents(toCents(tax) - digitalTax)]);
  }
  if (hasDownloads && digitalTaxRate !== null)
    rows.push([`Tax on downloads (${formatPercent(digitalTaxRate)})`, fromCents(digitalTax)]);
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
        <dd className="tabular-nums">{formatMoney(total)}</dd>
      </div>
    </dl>
  );
}
