import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import type { Merchandise } from "@shared/merchandise";
import { PageLoading } from "@/components/page-loading";
import { ManagementPage, useEditor } from "@/components/management";
import { useCurrentUser } from "@/lib/auth";
import { MerchandiseFormDialog } from "@/features/shop/catalogue/components/merchandise-form-dialog";
import { MerchandiseItems } from "@/features/shop/catalogue/components/merchandise-items";
import { allMerchandiseQuery } from "@/features/shop/catalogue/api";
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

/**
 * `?edit=<item id>` (the low-stock e-mail's link) opens that item's editor once the items are
 * here (an item since deleted opens nothing); the parameter is then dropped, so closing the
 * editor leaves the plain page.
 */
function useEditorFromLink(edit: (item: Merchandise) => void) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get("edit");
  const { data: items } = useQuery({ ...allMerchandiseQuery, enabled: wanted !== null });
  useEffect(() => {
    if (!wanted || !items) return;
    const item = items.find((candidate) => candidate.id === wanted);
    if (item) edit(item);
    navigate(location, { replace: true });
  }, [wanted, items, edit, location, navigate]);
}

function MerchandiseManagementPage() {
  const editor = useEditor<Merchandise>();
  useEditorFromLink(editor.edit);
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
