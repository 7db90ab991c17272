import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { PageLoading } from "@/components/page-loading";
import { LoadError } from "@/components/page-shell";
import { orderPageQuery } from "@/features/shop/orders/api";
import { OrderView } from "@/features/shop/orders/components/order-view";
import { RequestReturnForm } from "@/features/shop/fulfilment/components/request-return-form";
import { ReturnRequests } from "@/features/shop/fulfilment/components/return-requests";
import { ApiError } from "@/lib/api-request";
import { useDocumentTitle } from "@/lib/document-title";

/** /orders/:token — a shop order as its buyer sees it from the confirmation's link, signed in or not. */
export function OrderPage() {
  const { token = "" } = useParams<{ token: string }>();
  const query = useQuery(orderPageQuery(token));
  const missing = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(query.data ? `Order #${query.data.orderNumber ?? ""}` : "Your order");
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto min-h-dvh max-w-3xl px-4 py-8 outline-hidden">
      {query.isLoading && <PageLoading label="Loading your order..." />}
      {missing && <p role="alert">This order link is not valid. Please use the link from your confirmation e-mail.</p>}
      {query.isError && !missing && (
        <LoadError what="your order" onRetry={() => void query.refetch()} error={query.error} />
      )}
      {query.data && (
        <div className="grid gap-8">
          <OrderView order={query.data} />
          {/* Once something shipped, the buyer can ask to send it back; the label refunds it. */}
          {(query.data.status !== "cancelled" || query.data.returns.length > 0) && (
            <section aria-labelledby="return-heading" className="grid gap-3 rounded-lg border bg-card/90 p-5">
              <h2 id="return-heading" className="text-lg font-semibold">
                Returns
              </h2>
              <ReturnRequests order={query.data} />
              {query.data.status !== "cancelled" && (
                <RequestReturnForm token={token} order={query.data} onRequested={() => void query.refetch()} />
              )}
            </section>
          )}
        </div>
      )}
    </main>
  );
}
