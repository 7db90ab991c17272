import type { Invoice, InvoiceStatus } from "@shared/invoices";
import { fromCents, sumCents, toCents } from "@shared/money";

/** The list's filters: every invoice, or those shown with one status (overdue apart from sent). */
export const INVOICE_FILTERS = ["all", "draft", "sent", "overdue", "paid"] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export const INVOICE_FILTER_LABELS: Record<InvoiceFilter, string> = {
  all: "All",
  draft: "Draft",
  sent: "Sent",
  overdue: "Overdue",
  paid: "Paid",
};

export function matchesFilter(status: InvoiceStatus, filter: InvoiceFilter): boolean {
  return filter === "all" || status === filter;
}

export interface FilterSummary {
  count: number;
  /** Decimal string; "All" leaves cancelled invoices out, as nothing is owed on them. */
  total: string;
}

/** How many invoices each filter shows and what they add up to, in cents (never floats). */
export function summarize(invoices: readonly Invoice[]): Record<InvoiceFilter, FilterSummary> {
  return Object.fromEntries(
    INVOICE_FILTERS.map((filter) => {
      const shown = invoices.filter((invoice) => matchesFilter(invoice.status, filter));
      const counted = shown.filter((invoice) => invoice.status !== "cancelled");
      return [filter, { count: shown.length, total: fromCents(sumCents(counted.map((i) => toCents(i.total)))) }];
    }),
  ) as Record<InvoiceFilter, FilterSummary>;
}
