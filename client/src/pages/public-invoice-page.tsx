import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { PageLoading } from "@/components/page-loading";
import { LoadError } from "@/components/page-shell";
import { publicInvoiceQuery } from "@/features/invoices/api";
import { InactiveInvoiceLink } from "@/features/invoices/components/inactive-invoice-link";
import { PublicInvoiceView } from "@/features/invoices/components/public-invoice-view";
import { ApiError } from "@/lib/api-request";
import { useDocumentTitle } from "@/lib/document-title";

/** /pay/:token — an invoice as its client sees it from the link, signed in or not. */
export function PublicInvoicePage() {
  const { token = "" } = useParams<{ token: string }>();
  const query = useQuery(publicInvoiceQuery(token));
  const inactive = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(
    query.data ? `Invoice ${query.data.invoice.invoiceNumber}` : inactive ? "Invoice unavailable" : "Invoice",
  );
  return (
    <main id="main-content" tabIndex={-1} className="min-h-dvh outline-hidden">
      {query.isLoading && <PageLoading label="Loading invoice..." />}
      {/* A forged, altered or unknown link, or an invoice not sent yet: the server answers 404. */}
      {inactive && <InactiveInvoiceLink />}
      {query.isError && !inactive && (
        <div className="mx-auto max-w-3xl px-4 py-8">
          <LoadError what="the invoice" onRetry={() => void query.refetch()} />
        </div>
      )}
      {query.data && <PublicInvoiceView data={query.data} token={token} />}
    </main>
  );
}
