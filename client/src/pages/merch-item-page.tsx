import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useLocation, useParams } from "wouter";
import { formatDay } from "@shared/dates";
import type { MerchandiseWithVariants } from "@shared/merchandise";
import { variantLabel, type VariantOptions } from "@shared/merchandise-variants";
import { formatMoney } from "@shared/money";
import { isMerchPath } from "@shared/routes";
import { LoadError, PageFrame } from "@/components/page-shell";
import { ProductImage } from "@/components/product-image";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { merchandiseItemQuery } from "@/features/merchandise/api";
import { StockRequestForm } from "@/features/merchandise/components/stock-request-form";
import { VariantPickers } from "@/features/merchandise/components/variant-pickers";
import { firstChoice, variantFor } from "@/features/merchandise/variant-choice";
import { ItemBuyButtons } from "@/features/cart/components/add-to-cart-button";
import { ShopCart } from "@/features/cart/components/cart-drawer";
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
        <div className="mb-6 flex items-center justify-between gap-2">
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

/** The item: picture, name, price of the chosen combination, pickers, stock, and Buy / Add to cart for it. */
export function MerchItemView({ item }: { item: MerchandiseWithVariants }) {
  const [chosen, setChosen] = useState<VariantOptions>(() => firstChoice(item.variants));
  const { user } = useCurrentUser();
  const variant = variantFor(item.options, item.variants, chosen);
  const label = variant ? variantLabel(variant.options, item.options) : "";
  const what = label ? `${item.name} (${label})` : item.name;
  const price = variant?.price ?? item.price;

  return (
    <article className="grid gap-8 md:grid-cols-2">
      <ProductImage src={item.imageUrl} alt={item.name} className="rounded-xl border" iconClassName="size-16" />
      <div className="flex flex-col gap-4">
        {item.category && (
          <Badge variant="secondary" className="self-start">
            {item.category}
          </Badge>
        )}
        <h1 className="font-display text-3xl font-bold leading-tight">{item.name}</h1>
        <p className="text-2xl font-semibold" aria-live="polite">
          {formatMoney(price)}
        </p>
        {item.shipsFrom && (
          <p className="text-sm">
            <span className="font-medium">Pre-order:</span> ships from {formatDay(item.shipsFrom, null, "long")}
          </p>
        )}
        {item.description && <p className="text-muted-foreground">{item.description}</p>}
        {item.options.length > 0 && (
          <VariantPickers options={item.options} variants={item.variants} chosen={chosen} onChange={setChosen} />
        )}
        <div className="grid gap-3" aria-live="polite">
          {!variant ? (
            <p className="text-sm text-muted-foreground">Choose {item.options.map((o) => o.name).join(" and ")}.</p>
          ) : variant.stockQuantity > 0 ? (
            <>
              <p className="text-sm text-muted-foreground">
                {variant.stockQuantity <= 5 ? `Only ${variant.stockQuantity} left` : "In stock"}
              </p>
              <ItemBuyButtons item={item} variant={variant} />
            </>
          ) : (
            <>
              <p className="text-sm font-medium text-destructive">Sold out</p>
              <StockRequestForm variantId={variant.id} what={what} email={user?.email ?? ""} />
            </>
          )}
        </div>
      </div>
    </article>
  );
}
