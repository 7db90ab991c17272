import { useQuery } from "@tanstack/react-query";
import { Download, FileText, Plus } from "lucide-react";
import { useState } from "react";
import { PageLoading } from "@/components/page-loading";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { myInvoicesQuery } from "@/features/invoices/api";
import { CreateInvoiceDialog } from "@/features/invoices/components/create-invoice-dialog";
import { InvoiceCard } from "@/features/invoices/components/invoice-card";
import { InvoiceDetailDialog } from "@/features/invoices/components/invoice-detail-dialog";

function CreateButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" onClick={onClick}>
      <Plus aria-hidden="true" />
      Create Invoice
    </Button>
  );
}

/** /invoices — Invoices, with a printable detail behind View. */
export function InvoicesPage() {
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <PageShell
      title="Invoices"
      description="Create and manage invoices for your clients"
      actions={
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href="/api/invoices/export.csv" download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          <CreateButton onClick={() => setCreating(true)} />
        </div>
      }
    >
      <InvoiceList onCreate={() => setCreating(true)} onView={setViewing} />
      <CreateInvoiceDialog open={creating} onOpenChange={setCreating} />
      <InvoiceDetailDialog invoiceId={viewing} onClose={() => setViewing(null)} />
    </PageShell>
  );
}

function InvoiceList({ onCreate, onView }: { onCreate: () => void; onView: (id: string) => void }) {
  const query = useQuery(myInvoicesQuery);
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
  return (
    // Columns by the room there is (sidebar open or not), never narrower than a whole invoice number.
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,18rem),1fr))] gap-4">
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <InvoiceCard invoice={invoice} onView={onView} />
        </li>
      ))}
    </ul>
  );
}
