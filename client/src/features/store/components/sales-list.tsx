import { useState, type FormEvent } from "react";
import { formatDay } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { StoreSale } from "@shared/store-sales";
import { LoadError } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-request";
import { useRefundSale, useStoreSales } from "../api";

/** What a sale's row says of its state: paid, part refunded, refunded. */
function stateOf(sale: StoreSale): string {
  if (sale.status === "refunded") return "Refunded";
  return sale.refunded !== "0.00" ? `Paid, ${formatMoney(sale.refunded)} refunded` : "Paid";
}

/** A paid sale's refund: what is left is filled in; a smaller amount refunds a part. */
function RefundForm({ releaseId, sale }: { releaseId: string; sale: StoreSale }) {
  const [amount, setAmount] = useState(sale.refundable);
  const refund = useRefundSale(releaseId);
  const errors = refund.error instanceof ApiError ? (refund.error.fieldErrors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.mutate({ purchaseId: sale.id, amount: amount.trim() });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2" aria-label={`Refund ${sale.email}`}>
      <Input
        aria-label={`Amount to refund to ${sale.email} (USD)`}
        className="h-9 w-28"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <Button type="submit" size="sm" variant="outline" disabled={refund.isPending}>
        Refund
      </Button>
      {errors.amount && <p className="w-full text-sm text-destructive">{errors.amount[0]}</p>}
      {refund.data && (
        <p role="status" className="w-full text-sm">
          {refund.data.message}
        </p>
      )}
    </form>
  );
}

/**
 * A release's card sales, newest first: the amount paid, what Stripe kept (its card fee; the
 * artist's royalty line is the amount less it) and what was refunded, with a refund form for
 * each paid sale (refunds are recorded when Stripe confirms them).
 */
export function SalesList({ releaseId }: { releaseId: string }) {
  const query = useStoreSales(releaseId);
  return (
    <section className="grid gap-3 rounded-lg border p-4" aria-label="Sales">
      <h2 className="font-semibold">Sales</h2>
      {query.isError ? (
        <LoadError what="the sales" error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton role="status" aria-label="Loading the sales" className="h-16 w-full" />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No card sales yet.</p>
      ) : (
        <ul className="grid gap-3">
          {query.data.map((sale) => (
            <li key={sale.id} className="grid gap-2 border-t pt-3 first:border-t-0 first:pt-0">
              <div className="flex flex-wrap justify-between gap-2 text-sm">
                <span className="font-medium">{sale.email}</span>
                <span className="text-muted-foreground">{formatDay(sale.paidAt, null, "short")}</span>
              </div>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-muted-foreground">Paid</dt>
                  <dd className="tabular-nums">{formatMoney(sale.amount)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Card fee</dt>
                  <dd className="tabular-nums">{sale.fee === null ? "Not known yet" : formatMoney(sale.fee)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Refunded</dt>
                  <dd className="tabular-nums">{formatMoney(sale.refunded)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">State</dt>
                  <dd>{stateOf(sale)}</dd>
                </div>
              </dl>
              {/* Keyed by what is left: a recorded refund fills in the new remainder. */}
              {sale.shopOrder !== null ? (
                <p className="text-sm text-muted-foreground">
                  Bought in shop order #{sale.shopOrder}: refunded by cancelling that order.
                </p>
              ) : (
                sale.status === "paid" && (
                  <RefundForm key={`${sale.id}-${sale.refundable}`} releaseId={releaseId} sale={sale} />
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
