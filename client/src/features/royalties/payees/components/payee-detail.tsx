import { PageLoading } from "@/components/page-loading";
import { LoadError } from "@/components/page-shell";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { formatDay } from "@shared/dates";
import { formatMoney } from "@shared/money";
import { usePayee } from "../api";
import { AdvanceForm } from "./advance-form";
import { formatPercent } from "@shared/formats";

/** One payee: their splits (release or track) and advances, with "Add advance". */
export function PayeeDetailDialog({ payeeId, onClose }: { payeeId: string | null; onClose: () => void }) {
  return (
    <Dialog open={payeeId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        {payeeId && <PayeeDetail payeeId={payeeId} />}
      </DialogContent>
    </Dialog>
  );
}

function PayeeDetail({ payeeId }: { payeeId: string }) {
  const query = usePayee(payeeId);
  if (query.isPending)
    return (
      <>
        <DialogTitle className="sr-only">Payee</DialogTitle>
        <PageLoading label="Loading payee..." className="min-h-40" />
      </>
    );
  if (query.isError)
    return (
      <>
        <DialogTitle>Payee</DialogTitle>
        <LoadError inline what="the payee" onRetry={() => void query.refetch()} />
      </>
    );
  const payee = query.data;
  return (
    <div className="grid gap-6">
      <DialogHeader>
        <DialogTitle>{payee.name}</DialogTitle>
        <DialogDescription>
          {payee.email}
          {payee.artistName &&
            ` · ${payee.artistName}, ${formatPercent(payee.platformShare)} of the platform's own sales`}
        </DialogDescription>
      </DialogHeader>
      <section aria-labelledby="payee-splits" className="grid gap-2">
        <h3 id="payee-splits" className="font-semibold">
          Splits
        </h3>
        {payee.splits.length === 0 ? (
          <p className="text-sm text-muted-foreground">No splits yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {payee.splits.map((split) => (
              <li key={`${split.releaseId}:${split.trackId ?? ""}`} className="flex justify-between gap-2">
                <span className="min-w-0 truncate">
                  {split.releaseTitle}
                  {split.trackTitle && ` · ${split.trackTitle}`}
                </span>
                <span className="shrink-0 font-medium tabular-nums">{formatPercent(split.share)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="payee-advances" className="grid gap-3">
        <h3 id="payee-advances" className="font-semibold">
          Advances
        </h3>
        {payee.advances.length === 0 ? (
          <p className="text-sm text-muted-foreground">No advances yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {payee.advances.map((advance) => (
              <li key={advance.id} className="flex flex-wrap justify-between gap-2">
                <span>
                  {formatDay(advance.date, null, "date")}
                  {advance.note && ` · ${advance.note}`}
                </span>
                <span className="font-medium tabular-nums">
                  {formatMoney(advance.amount)}
                  {advance.statementId && (
                    <span className="ml-2 text-xs text-muted-foreground">recouped on a statement</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-2 border-t pt-4">
          <AdvanceForm payeeId={payee.id} />
        </div>
      </section>
    </div>
  );
}
