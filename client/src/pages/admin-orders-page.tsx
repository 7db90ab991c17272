import { AdminOnly } from "@/components/admin-only";
import { PageShell } from "@/components/page-shell";
import { MerchandiseOrdersPanel } from "@/features/shop/orders/components/merchandise-orders-panel";

/** /admin/orders: the shop's orders, to find, ship, return, refund or cancel, apart from the items. */
export function AdminOrdersPage() {
  return (
    <PageShell title="Shop Orders" description="Every order placed in the shop, newest first">
      <AdminOnly>
        <MerchandiseOrdersPanel />
      </AdminOnly>
    </PageShell>
  );
}
