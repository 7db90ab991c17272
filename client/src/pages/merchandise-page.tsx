import type { Merchandise } from "@shared/merchandise";
import { PageLoading } from "@/components/page-loading";
import { ManagementPage, useEditor } from "@/components/management";
import { useCurrentUser } from "@/lib/auth";
import { MerchandiseFormDialog } from "@/features/shop/catalogue/components/merchandise-form-dialog";
import { MerchandiseItems } from "@/features/shop/catalogue/components/merchandise-items";
import { MerchandiseShopPage } from "./merchandise-shop-page";

/**
 * /merchandise and /fashion: Merchandise Management for administrators (the orders have their
 * own page, /admin/orders); for members, whose home tiles lead here too, the merchandise they can buy.
 */
export function MerchandisePage() {
  const { isAdmin, isLoading } = useCurrentUser();
  if (isLoading) return <PageLoading />;
  return isAdmin ? <MerchandiseManagementPage /> : <MerchandiseShopPage />;
}

function MerchandiseManagementPage() {
  const editor = useEditor<Merchandise>();
  return (
    <ManagementPage
      title="Merchandise Management"
      description="Add and manage your merchandise items"
      addLabel="Add Item"
      onAdd={() => editor.edit(null)}
    >
      <MerchandiseItems onEdit={editor.edit} />
      <MerchandiseFormDialog {...editor.dialogProps} />
    </ManagementPage>
  );
}
