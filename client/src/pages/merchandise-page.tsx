import { useQuery } from "@tanstack/react-query";
import { Package } from "lucide-react";
import { PageLoading } from "@/components/page-loading";
import { EmptyList, ManagementPage, QueryState, useConfirmDelete, useEditor } from "@/components/management";
import { useCurrentUser } from "@/lib/auth";
import { allMerchandiseQuery, useDeleteMerchandise } from "@/features/merchandise/api";
import type { Merchandise } from "@shared/merchandise";
import { MerchandiseAdminCard } from "@/features/merchandise/components/merchandise-admin-card";
import { MerchandiseFormDialog } from "@/features/merchandise/components/merchandise-form-dialog";
import { MerchandiseOrdersPanel } from "@/features/merchandise-fulfilment/components/merchandise-orders-panel";
import { DELETE_MERCHANDISE_CONFIRM, MERCHANDISE_TOASTS } from "@/features/merchandise/components/merchandise-messages";
import { MerchandiseShopPage } from "./merchandise-shop-page";

/**
 * /merchandise and /fashion: Merchandise Management for administrators; for
 * members, whose home tiles lead here too, the merchandise they can buy.
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
      <MerchandiseOrdersPanel />
    </ManagementPage>
  );
}

function MerchandiseItems({ onEdit }: { onEdit: (item: Merchandise) => void }) {
  const query = useQuery(allMerchandiseQuery);
  const { confirmDelete, deletingId } = useConfirmDelete(
    useDeleteMerchandise(),
    DELETE_MERCHANDISE_CONFIRM,
    MERCHANDISE_TOASTS,
  );
  return (
    <QueryState query={query} what="merchandise" loadingLabel="Loading...">
      {(items) =>
        items.length === 0 ? (
          <EmptyList>
            <Package aria-hidden="true" className="size-10" />
            <h2 className="text-lg font-semibold text-foreground">No merchandise items yet</h2>
            <p>Add your first item to get started</p>
          </EmptyList>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <li key={item.id}>
                <MerchandiseAdminCard
                  item={item}
                  onEdit={onEdit}
                  onDelete={confirmDelete}
                  deleting={deletingId === item.id}
                />
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}
