import { ShoppingBag } from "lucide-react";
import { PageLoading } from "@/components/page-loading";
import { LoadError, PageShell } from "@/components/page-shell";
import { MerchandiseGrid } from "@/features/landing/components/merchandise-section";
import { ShopCart } from "@/features/shop/cart/components/cart-drawer";
import { useMerchandise } from "@/features/shop/catalogue/api";
import { GridBuy } from "@/features/shop/cart/components/grid-buy";

/**
 * What a member finds behind the Merchandise and Fashion tiles: the public merchandise with
 * its Buy and Add to cart buttons and the cart, inside the dashboard layout. Managing the items is for administrators.
 */
export function MerchandiseShopPage() {
  const query = useMerchandise();

  return (
    <PageShell
      title="Merchandise"
      description="Official label merchandise. Every purchase goes straight back to our artists."
      actions={<ShopCart />}
    >
      {query.isLoading ? (
        <PageLoading label="Loading merchandise..." className="min-h-40" />
      ) : query.isError ? (
        <LoadError what="merchandise" onRetry={() => void query.refetch()} />
      ) : query.data?.length ? (
        <MerchandiseGrid items={query.data} renderBuy={(item) => <GridBuy item={item} />} />
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed bg-card/60 p-8 text-center text-muted-foreground">
          <ShoppingBag aria-hidden="true" className="size-10" />
          <h2 className="text-lg font-semibold text-foreground">No merchandise available right now</h2>
          <p>Check back soon for new shirts, vinyl and tour goods.</p>
        </div>
      )}
    </PageShell>
  );
}
