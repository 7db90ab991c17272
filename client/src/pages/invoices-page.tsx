import { PageShell } from "@/components/page-shell";

/** /invoices — placeholder until its feature issue lands. */
export function InvoicesPage() {
  return (
    <PageShell
      title="Invoices"
      description="Create and manage invoices for your clients"
    />
  );
}
