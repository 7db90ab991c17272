import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { PageLoading } from "@/components/page-loading";
import { LoadError } from "@/components/page-shell";
import { publicInvoiceQuery } from "@/features/invoices/api";
import { PublicInvoiceView } from "@/features/invoices/components/public-invoice-view";
import { ApiError } from "@/lib/api-request";
import { useDocumentTitle } from "@/lib/document-title";
import { NotFoundPage } from "@/pages/not-found-page";

/** /pay/:token — an invoice as its client sees it from the link, signed in or not. */
export function PublicInvoicePage() {
  const { token = "" } = useParams<{ token: string }>();
  const query = useQuery(publicInvoiceQuery(token));
  useDocumentTitle(query.data ? `Invoice ${query.data.invoice.invoiceNumber}` : "Invoice");
  // A forged, altered or unknown link: the same 404 page as any unknown address.
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  return (
    <main id="main-content" tabIndex={-1} className="min-h-dvh outline-hidden">
      {query.isLoading && <PageLoading label="Loading invoice..." />}
      {query.isError && (
        <div className="mx-auto max-w-3xl px-4 py-8">
          <LoadError what="the invoice" onRetry={() => void query.refetch()} />
        </div>
      )}
      {query.data && <PublicInvoiceView data={query.data} token={token} />}
    </main>
  );
}
