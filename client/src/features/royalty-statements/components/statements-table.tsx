import { formatMoney } from "@shared/money";
import type { RoyaltyStatement } from "@shared/royalty-statements";
import { LoadError } from "@/components/page-shell";
import { Skeleton } from "@/components/ui/skeleton";
import { usePeriodStatements } from "../api";
import { MarkPaidDialog } from "./mark-paid-dialog";
import { StatementLinks } from "./statement-links";

const FIGURES = ["opening", "earned", "advances", "closing", "payable"] as const;

/** A closed period's statements, one row per payee; wide, so it scrolls sideways on a phone. */
export function StatementsTable({ periodId, label }: { periodId: string; label: string }) {
  const query = usePeriodStatements(periodId);
  if (query.isPending) return <Skeleton className="h-24 w-full" />;
  if (query.isError) return <LoadError what="the statements" inline onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return <p className="text-sm text-muted-foreground">No payee had anything this period.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">Statements for {label}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Payee
            </th>
            {FIGURES.map((figure) => (
              <th key={figure} scope="col" className="py-2 pr-3 text-right font-medium capitalize">
                {figure}
              </th>
            ))}
            <th scope="col" className="py-2 pr-3 font-medium">
              Files
            </th>
            <th scope="col" className="py-2 font-medium">
              Payout
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.map((statement) => (
            <StatementRow key={statement.id} statement={statement} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatementRow({ statement }: { statement: RoyaltyStatement }) {
  return (
    <tr className="border-b last:border-0">
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {statement.payeeName}
      </th>
      {FIGURES.map((figure) => (
        <td key={figure} className="py-2 pr-3 text-right tabular-nums">
          {formatMoney(statement[figure])}
        </td>
      ))}
      <td className="py-2 pr-3">
        <StatementLinks id={statement.id} label={statement.payeeName} />
      </td>
      <td className="py-2">
        {statement.paidOn ? (
          <span>
            Paid {statement.paidOn}
            {statement.reference ? ` (${statement.reference})` : ""}
          </span>
        ) : statement.payable !== "0.00" ? (
          <MarkPaidDialog statement={statement} />
        ) : (
          <span className="text-muted-foreground">Carried forward</span>
        )}
      </td>
    </tr>
  );
}
