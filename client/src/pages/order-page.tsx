import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { PageLoading } from "@/components/page-loading";
import { LoadError } from "@/components/page-shell";
import { ShopHeader } from "@/features/shop/cart/components/shop-header";
import { orderPageQuery } from "@/features/shop/orders/api";
import { OrderDownloads } from "@/features/shop/orders/components/order-downloads";
import { OrderView } from "@/features/shop/orders/components/order-view";
import { RequestReturnForm } from "@/features/shop/fulfilment/components/request-return-form";
import { ReturnRequests } from "@/features/shop/fulfilment/components/return-requests";
import { ApiError } from "@/lib/api-request";
import { useDocumentTitle } from "@/lib/document-title";
import { NotFoundPage } from "./not-found-page";

/** /orders/:token — a shop order as its buyer sees it from the confirmation's link, signed in or not. */
export function OrderPage() {
  const { token = "" } = useParams<{ token: string }>();
  const query = useQuery(orderPageQuery(token));
  const missing = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(query.data ? `Order #${query.data.orderNumber ?? ""}` : "Your order");
  // A forged or altered link is the app's own 404 page, with its way home.
  if (missing) return <NotFoundPage />;
  return (
    <div className="flex min-h-dvh flex-col">
      <ShopHeader />
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 outline-hidden">
        {query.isLoading && <PageLoading label="Loading your order..." />}
        {query.isError && <LoadError what="your order" onRetry={() => void query.refetch()} error={query.error} />}
        {query.data && (
          <div className="grid gap-8">
            <OrderView order={query.data} />
            <OrderDownloads downloads={query.data.downloads} />
            {/* Once something shipped, the buyer can ask to send it back; the label refunds it. Downloads ship nothing. */}
            {query.data.lines.length > 0 && (query.data.status !== "cancelled" || query.data.returns.length > 0) && (
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
    </div>
  );
}
