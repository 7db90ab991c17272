import { useQuery } from "@tanstack/react-query";
import { Package } from "lucide-react";
import type { Merchandise } from "@shared/merchandise";
import { EmptyList, QueryState, useConfirmDelete } from "@/components/management";
import { allMerchandiseQuery, useDeleteMerchandise } from "../api";
import { MerchandiseAdminCard } from "./merchandise-admin-card";
import { DELETE_MERCHANDISE_CONFIRM, MERCHANDISE_TOASTS } from "./merchandise-messages";

/** The management page's items, newest first, each with Edit and Delete. */
export function MerchandiseItems({ onEdit }: { onEdit: (item: Merchandise) => void }) {
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
