import { useQuery } from "@tanstack/react-query";
import { AdminOnly } from "@/components/admin-only";
import { LoadError, PageShell } from "@/components/page-shell";
import { PageLoading } from "@/components/page-loading";
import { shippingZonesQuery } from "@/features/shop/shipping/api";
import { ShippingZonesForm } from "@/features/shop/shipping/components/shipping-zones-form";

/** /admin/shipping: the zones the shop ships to, their countries and tax rates. */
export function AdminShippingPage() {
  const query = useQuery(shippingZonesQuery);
  return (
    <PageShell title="Shipping Zones" description="Where the shop ships, and the tax each destination pays">
      <AdminOnly>
        {query.isPending && <PageLoading label="Loading shipping zones..." />}
        {query.isError && (
          <LoadError what="the shipping zones" onRetry={() => void query.refetch()} error={query.error} />
        )}
        {query.data && <ShippingZonesForm zones={query.data} />}
      </AdminOnly>
    </PageShell>
  );
}
