import { useQuery } from "@tanstack/react-query";
import { GraduationCap } from "lucide-react";
import { RESOURCE_SKELETON_COUNT } from "@shared/constants";
import type { ResourceCategory } from "@shared/development-resources";
import { LoadError } from "@/components/page-shell";
import { Skeleton } from "@/components/ui/skeleton";
import { developmentResourcesQuery } from "../api";
import { ResourceCard } from "./resource-card";

const GRID = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

function ResourceSkeletons() {
  return (
    <div role="status" aria-label="Loading resources" className={GRID}>
      {Array.from({ length: RESOURCE_SKELETON_COUNT }, (_, i) => (
        <div key={i} data-testid="resource-skeleton" className="overflow-hidden rounded-lg border bg-card">
          <Skeleton className="aspect-video w-full rounded-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The published resources of one tab, with loading, error and empty states. */
export function ResourceList({ category }: { category?: ResourceCategory }) {
  const query = useQuery(developmentResourcesQuery(category));

  if (query.isLoading) return <ResourceSkeletons />;
  if (query.isError) return <LoadError what="resources" error={query.error} onRetry={() => void query.refetch()} />;
  const resources = query.data ?? [];
  if (resources.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card/60 p-10 text-center text-muted-foreground">
        <GraduationCap aria-hidden="true" className="size-10" />
        <p>
          {category
            ? `No ${category} resources available yet.`
            : "No resources available yet. Check back soon for educational content!"}
        </p>
      </div>
    );
  }
  return (
    <ul className={GRID}>
      {resources.map((resource) => (
        <li key={resource.id} className="flex min-w-0">
          <ResourceCard resource={resource} />
        </li>
      ))}
    </ul>
  );
}
