import { formatDayRange } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { RoyaltyPeriod } from "@shared/royalty-statements";
import { ConfirmAction } from "@/components/confirm-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-request";
import { useAddPlatformIncome, useClosePeriod } from "../api";
import { StatementsTable } from "./statements-table";

/** One period: open ones take platform income and are closed; closed ones show their statements. */
export function PeriodCard({ period }: { period: RoyaltyPeriod }) {
  const label = formatDayRange(period.start, period.end);
  const close = useClosePeriod();
  const addIncome = useAddPlatformIncome();
  const headingId = `period-${period.id}`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {label}
        </h2>
        <Badge variant={period.status === "open" ? "outline" : "secondary"}>
          {period.status === "open" ? "Open" : "Closed"}
        </Badge>
      </div>
      {period.status === "open" ? (
        <>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={addIncome.isPending}
              onClick={() =>
                addIncome.mutate(period.id, {
                  onSuccess: ({ lines }) =>
                    toast({
                      title: "Platform income added",
                      description: lines.length
                        ? `${lines.length} line${lines.length === 1 ? "" : "s"} for artists with a payee.`
                        : "No artist with a payee had platform income in this period.",
                    }),
                })
              }
            >
              {addIncome.isPending ? "Adding..." : "Add platform income"}
            </Button>
            <ConfirmAction
              trigger={<Button disabled={close.isPending}>{close.isPending ? "Closing..." : "Close period"}</Button>}
              title={`Close ${label}?`}
              description="Every payee's statement is computed and locked, and each payee is e-mailed. A closed period cannot be reopened."
              confirmLabel="Close period"
              onConfirm={() =>
                close.mutate(period.id, {
                  onSuccess: () => toast({ title: "Period closed", description: `Statements for ${label} are ready.` }),
                })
              }
            />
          </div>
          {close.isError && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(close.error, "The period could not be closed. Please try again.")}
            </p>
          )}
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {period.statementCount.toLocaleString("en-US")} statement{period.statementCount === 1 ? "" : "s"} · earned{" "}
            {formatMoney(period.earned)} · payable {formatMoney(period.payable)}
          </p>
          <StatementsTable periodId={period.id} label={label} />
        </>
      )}
    </section>
  );
}
