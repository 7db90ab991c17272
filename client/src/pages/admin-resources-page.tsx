import { useQuery } from "@tanstack/react-query";
import type { DevelopmentResource } from "@shared/development-resources";
import { ManagementPage, QueryState, useConfirmDelete, useEditor } from "@/components/management";
import { allDevelopmentResourcesQuery, useDeleteDevelopmentResource } from "@/features/development-resources/api";
import { ResourceAdminList } from "@/features/development-resources/components/resource-admin-list";
import { ResourceFormDialog } from "@/features/development-resources/components/resource-form-dialog";
import {
  DELETE_RESOURCE_CONFIRM,
  RESOURCE_TOASTS,
} from "@/features/development-resources/components/resource-messages";

/** /admin/resources: what members find on Artist Development. */
export function AdminResourcesPage() {
  const editor = useEditor<DevelopmentResource>();
  return (
    <ManagementPage
      title="Manage Resources"
      description="Courses, guides and templates on the Artist Development page"
      addLabel="Add Resource"
      onAdd={() => editor.edit(null)}
    >
      <Resources onEdit={editor.edit} />
      <ResourceFormDialog {...editor.dialogProps} />
    </ManagementPage>
  );
}

function Resources({ onEdit }: { onEdit: (resource: DevelopmentResource) => void }) {
  const query = useQuery(allDevelopmentResourcesQuery);
  const { confirmDelete, deletingId } = useConfirmDelete(
    useDeleteDevelopmentResource(),
    DELETE_RESOURCE_CONFIRM,
    RESOURCE_TOASTS,
  );
  return (
    <QueryState query={query} what="resources">
      {(resources) => (
        <ResourceAdminList resources={resources} onEdit={onEdit} onDelete={confirmDelete} deletingId={deletingId} />
      )}
    </QueryState>
  );
}
