import { formatDay } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { RoyaltyStatement } from "@shared/royalty-statements";
import { LoadError } from "@/components/page-shell";
import { Skeleton } from "@/components/ui/skeleton";
import { usePeriodStatements } from "../api";
import { MarkPaidDialog } from "./mark-paid-dialog";
import { StatementLinks } from "../../statements/components/statement-links";

const FIGURES = [
  ["opening", "Opening"],
  ["earned", "Earned"],
  ["advances", "Advances"],
  ["closing", "Closing"],
  ["payable", "Payable"],
] as const;

/**
 * A closed period's statements, one per payee: a table from the small breakpoint up, and a
 * card per payee on a phone, where seven columns cannot fit.
 */
export function StatementsTable({ periodId, label }: { periodId: string; label: string }) {
  const query = usePeriodStatements(periodId);
  if (query.isPending)
    return (
      <div role="status">
        <Skeleton className="h-24 w-full" />
        <span className="sr-only">Loading the statements...</span>
      </div>
    );
  if (query.isError) return <LoadError what="the statements" inline onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return <p className="text-sm text-muted-foreground">No payee had anything this period.</p>;
  return (
    <>
      <ul className="grid gap-3 sm:hidden" aria-label={`Statements for ${label}`}>
        {query.data.map((statement) => (
          <StatementCard key={statement.id} statement={statement} />
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full min-w-[40rem] text-sm">
          <caption className="sr-only">Statements for {label}</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Payee
              </th>
              {FIGURES.map(([figure, name]) => (
                <th key={figure} scope="col" className="py-2 pr-3 text-right font-medium">
                  {name}
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
    </>
  );
}

function Payout({ statement }: { statement: RoyaltyStatement }) {
  if (statement.paidOn)
    return (
      <span>
        Paid {formatDay(statement.paidOn, null, "date")}
        {statement.reference ? ` (${statement.reference})` : ""}
      </span>
    );
  if (statement.payable !== "0.00") return <MarkPaidDialog statement={statement} />;
  return <span className="text-muted-foreground">Carried forward</span>;
}

function StatementRow({ statement }: { statement: RoyaltyStatement }) {
  return (
    <tr className="border-b last:border-0">
      <th scope="row" className="py-2 pr-3 text-left font-medium">
        {statement.payeeName}
      </th>
      {FIGURES.map(([figure]) => (
        <td key={figure} className="py-2 pr-3 text-right tabular-nums">
          {formatMoney(statement[figure])}
        </td>
      ))}
      <td className="py-2 pr-3">
        <StatementLinks id={statement.id} label={statement.payeeName} />
      </td>
      <td className="py-2">
        <Payout statement={statement} />
      </td>
    </tr>
  );
}

function StatementCard({ statement }: { statement: RoyaltyStatement }) {
  return (
    <li className="grid gap-3 rounded-md border p-3 text-sm">
      <h3 className="font-medium">{statement.payeeName}</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
        {FIGURES.map(([figure, name]) => (
          <div key={figure}>
            <dt className="text-muted-foreground">{name}</dt>
            <dd className="tabular-nums">{formatMoney(statement[figure])}</dd>
          </div>
        ))}
      </dl>
      <StatementLinks id={statement.id} label={statement.payeeName} />
      <div>
        <Payout statement={statement} />
      </div>
    </li>
  );
}
