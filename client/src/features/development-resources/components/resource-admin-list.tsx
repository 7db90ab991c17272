import { Clock, EyeOff } from "lucide-react";
import type { DevelopmentResource } from "@shared/development-resources";
import { EmptyList, RowActions } from "@/components/management";
import { Badge } from "@/components/ui/badge";
import { titleCase } from "../labels";

/** Every resource, drafts included, newest first as the server sends them. */
export function ResourceAdminList({
  resources,
  onEdit,
  onDelete,
  deletingId,
}: {
  resources: readonly DevelopmentResource[];
  onEdit: (resource: DevelopmentResource) => void;
  onDelete: (resource: DevelopmentResource) => void;
  deletingId: string | null;
}) {
  if (resources.length === 0) {
    return <EmptyList>No development resources yet. Click "Add Resource" to create one.</EmptyList>;
  }
  return (
    <ul className="grid gap-3">
      {resources.map((resource) => (
        <li
          key={resource.id}
          className="flex flex-col gap-4 rounded-lg border bg-card/90 p-4 shadow-sm sm:flex-row sm:items-center"
        >
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-semibold">{resource.title}</h2>
              {resource.isPublished !== 1 && (
                <Badge variant="outline">
                  <EyeOff aria-hidden="true" />
                  Draft
                </Badge>
              )}
            </div>
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant="secondary">{titleCase(resource.category)}</Badge>
              <Badge variant="outline">{titleCase(resource.resourceType)}</Badge>
              {resource.duration != null && (
                <span className="inline-flex items-center gap-1">
                  <Clock aria-hidden="true" className="size-3.5" />
                  {resource.duration} min
                </span>
              )}
            </p>
            {resource.description && <p className="line-clamp-2 text-sm">{resource.description}</p>}
          </div>
          <RowActions
            name={resource.title}
            onEdit={() => onEdit(resource)}
            onDelete={() => onDelete(resource)}
            deleting={deletingId === resource.id}
          />
        </li>
      ))}
    </ul>
  );
}
