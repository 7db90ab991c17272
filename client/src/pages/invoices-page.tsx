import { useQuery } from "@tanstack/react-query";
import { Download, FileText, Plus } from "lucide-react";
import { useState } from "react";
import { useLocation, useRoute } from "wouter";
import { invoiceFiles } from "@shared/invoices.api";
import { INVOICE_DETAIL_ROUTE } from "@shared/routes";
import { PageLoading } from "@/components/page-loading";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { pathOf } from "@/lib/api-client";
import { myInvoicesQuery } from "@/features/invoices/api";
import { CreateInvoiceDialog } from "@/features/invoices/components/create-invoice-dialog";
import { InvoiceCard } from "@/features/invoices/components/invoice-card";
import { InvoiceDetailDialog } from "@/features/invoices/components/invoice-detail-dialog";
import { InvoiceStatusFilter } from "@/features/invoices/components/invoice-status-filter";
import {
  INVOICE_FILTER_LABELS,
  matchesFilter,
  summarize,
  type InvoiceFilter,
} from "@/features/invoices/invoice-filters";

function CreateButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" onClick={onClick}>
      <Plus aria-hidden="true" />
      Create Invoice
    </Button>
  );
}

const OPENED_FROM_LIST = { openedFromList: true };

/**
 * Closing an invoice opened from the list goes back in history, so the browser's Back after it
 * leaves the page and Back while it is open closes it; one opened from its address (a bookmark,
 * a link in an e-mail) gives way to the list.
 */
function closeDetail(navigate: (to: string, options?: { replace?: boolean }) => void) {
  const state: unknown = window.history.state;
  if (state && typeof state === "object" && "openedFromList" in state) window.history.back();
  else navigate("/invoices", { replace: true });
}

/**
 * /invoices — Invoices, with totals by status that filter the list; /invoices/{id} opens one
 * invoice over the list (a link that can be kept or shared with oneself).
 */
export function InvoicesPage() {
  const [creating, setCreating] = useState(false);
  const [, detail] = useRoute(INVOICE_DETAIL_ROUTE);
  const [, navigate] = useLocation();
  return (
    <PageShell
      title="Invoices"
      description="Create and manage invoices for your clients"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={pathOf(invoiceFiles.csv)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          <CreateButton onClick={() => setCreating(true)} />
        </div>
      }
    >
      <InvoiceList
        onCreate={() => setCreating(true)}
        onView={(id) => navigate(`/invoices/${id}`, { state: OPENED_FROM_LIST })}
      />
      <CreateInvoiceDialog open={creating} onOpenChange={setCreating} />
      <InvoiceDetailDialog invoiceId={detail?.id ?? null} onClose={() => closeDetail(navigate)} />
    </PageShell>
  );
}

function InvoiceList({ onCreate, onView }: { onCreate: () => void; onView: (id: string) => void }) {
  const query = useQuery(myInvoicesQuery);
  const [filter, setFilter] = useState<InvoiceFilter>("all");
  if (query.isLoading) return <PageLoading label="Loading invoices..." className="min-h-40" />;
  if (query.isError) return <LoadError what="invoices" onRetry={() => void query.refetch()} />;
  const invoices = query.data ?? [];
  if (invoices.length === 0) {
    return (
      <section className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card/60 p-10 text-center">
        <FileText aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-xl font-semibold">No Invoices Yet</h2>
        <p className="text-muted-foreground">Create your first invoice to get started</p>
        <CreateButton onClick={onCreate} />
      </section>
    );
  }
  const shown = invoices.filter((invoice) => matchesFilter(invoice.status, filter));
  return (
    <div className="grid gap-6">
      <InvoiceStatusFilter summary={summarize(invoices)} value={filter} onChange={setFilter} />
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card/60 p-6 text-center text-muted-foreground">
          No {INVOICE_FILTER_LABELS[filter].toLowerCase()} invoices.
        </p>
      ) : (
        // Columns by the room there is (sidebar open or not), never narrower than a whole invoice number.
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,18rem),1fr))] gap-4">
          {shown.map((invoice) => (
            <li key={invoice.id}>
              <InvoiceCard invoice={invoice} onView={onView} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
