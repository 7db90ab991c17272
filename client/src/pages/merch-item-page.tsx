import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useLocation, useParams } from "wouter";
import { isMerchPath } from "@shared/routes";
import { LoadError, PageFrame } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { merchandiseItemQuery } from "@/features/shop/catalogue/api";
import { MerchItemView } from "@/features/shop/catalogue/components/merch-item-view";
import { ShopCart } from "@/features/shop/cart/components/cart-drawer";
import { ApiError } from "@/lib/api-request";
import { useCurrentUser } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/document-title";

/** /merch/{id}: one item, its option pickers, price and stock, for everyone. */
export function MerchItemPage() {
  const { id = "" } = useParams<{ id: string }>();
  const [path] = useLocation();
  const valid = isMerchPath(path);
  const query = useQuery({ ...merchandiseItemQuery(id.toLowerCase()), enabled: valid });
  const { isAuthenticated } = useCurrentUser();
  const notFound = !valid || (query.error instanceof ApiError && query.error.status === 404);
  useDocumentTitle(notFound ? "Item not found" : (query.data?.name ?? "Merchandise"));

  return (
    <PageFrame>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 outline-hidden sm:py-12"
      >
        {/* The way back and the cart stay in view while a phone scrolls through the item. */}
        <div className="sticky top-0 z-30 -mx-4 mb-6 flex items-center justify-between gap-2 bg-background/90 px-4 py-2 backdrop-blur supports-[backdrop-filter]:bg-background/75">
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <a href={isAuthenticated ? "/merchandise" : "/#merch-heading"}>
              <ArrowLeft aria-hidden="true" />
              All merchandise
            </a>
          </Button>
          <ShopCart />
        </div>
        {notFound ? (
          <div className="rounded-lg border p-8 text-center">
            <h1 className="text-xl font-semibold">Item not found</h1>
            <p className="mt-2 text-muted-foreground">It may have sold through or been taken off the shop.</p>
          </div>
        ) : query.isError ? (
          <LoadError what="this item" error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data ? (
          <MerchItemView key={query.data.id} item={query.data} />
        ) : (
          <div role="status" aria-label="Loading item" className="grid gap-6 md:grid-cols-2">
            <Skeleton className="aspect-square w-full" />
            <div className="grid content-start gap-3">
              <Skeleton className="h-8 w-2/3" />
              <Skeleton className="h-6 w-1/4" />
              <Skeleton className="h-20 w-full" />
            </div>
          </div>
        )}
      </main>
    </PageFrame>
  );
}
