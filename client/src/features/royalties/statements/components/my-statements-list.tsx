import { formatDay, formatDayRange } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { MyRoyaltyStatement } from "@shared/royalty-statements";
import { Badge } from "@/components/ui/badge";
import { AdvanceLeft } from "./advance-left";
import { StatementLinks } from "./statement-links";

const FIGURES = [
  ["opening", "Opening"],
  ["earned", "Earned"],
  ["advances", "Advance recouped"],
  ["closing", "Closing"],
  ["payable", "Payable"],
] as const;

function paidState(statement: MyRoyaltyStatement) {
  if (statement.paidOn) return `Paid ${formatDay(statement.paidOn, null, "date")}`;
  if (statement.payable !== "0.00") return "Payment due";
  return "Carried forward";
}

/** Where the earned came from ("Distributors $X", "Label store $Y"): the parts add up to it. */
function EarnedBySource({ statement }: { statement: MyRoyaltyStatement }) {
  if (statement.bySource.length === 0) return null;
  return (
    <div className="grid gap-1 text-sm">
      <h3 className="text-muted-foreground">Earned by source</h3>
      <dl aria-label="Earned by source" className="flex flex-wrap gap-x-6 gap-y-1">
        {statement.bySource.map((part) => (
          <div key={part.source} className="flex gap-2">
            <dt>{part.label}</dt>
            <dd className="font-medium tabular-nums">{formatMoney(part.amount)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * A payee's statements, newest period first, each a card (readable at phone width), under what
 * is left of their advance to recoup.
 */
export function MyStatementsList({ statements }: { statements: MyRoyaltyStatement[] }) {
  return (
    <div className="grid gap-4">
      <AdvanceLeft statements={statements} />
      <ul className="grid gap-4">
        {statements.map((statement) => {
          const period = formatDayRange(statement.periodStart, statement.periodEnd);
          return (
            <li key={statement.id} className="grid gap-3 rounded-lg border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-semibold">{period}</h2>
                <Badge variant={statement.paidOn ? "secondary" : "outline"}>{paidState(statement)}</Badge>
              </div>
              <p className="text-sm text-muted-foreground">{statement.payeeName}</p>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
                {FIGURES.map(([figure, name]) => (
                  <div key={figure}>
                    <dt className="text-muted-foreground">{name}</dt>
                    <dd className="font-medium tabular-nums">{formatMoney(statement[figure])}</dd>
                  </div>
                ))}
              </dl>
              <EarnedBySource statement={statement} />
              <StatementLinks id={statement.id} label={`the statement for ${period}`} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
