import { formatMoney } from "@shared/money";
import { cn } from "@/lib/utils";
import { INVOICE_FILTER_LABELS, INVOICE_FILTERS, type FilterSummary, type InvoiceFilter } from "../invoice-filters";

/**
 * The totals by status, each one also the filter that shows those invoices: "Overdue · 2 ·
 * $450.00" at a glance, a tap to see which.
 */
export function InvoiceStatusFilter({
  summary,
  value,
  onChange,
}: {
  summary: Record<InvoiceFilter, FilterSummary>;
  value: InvoiceFilter;
  onChange: (filter: InvoiceFilter) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Filter invoices by status"
      className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,9.5rem),1fr))] gap-2"
    >
      {INVOICE_FILTERS.map((filter) => {
        const { count, total } = summary[filter];
        const pressed = filter === value;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(filter)}
            className={cn(
              "grid gap-0.5 rounded-lg border bg-card/90 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden",
              pressed && "border-primary bg-accent ring-1 ring-primary",
            )}
          >
            <span className="flex items-baseline justify-between gap-2 text-sm font-medium">
              {INVOICE_FILTER_LABELS[filter]}
              <span className="text-muted-foreground tabular-nums">
                {count}
                <span className="sr-only"> {count === 1 ? "invoice" : "invoices"}</span>
              </span>
            </span>
            <span className="text-lg font-semibold tabular-nums">{formatMoney(total)}</span>
          </button>
        );
      })}
    </div>
  );
}
