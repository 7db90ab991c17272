import { PageShell } from "@/components/page-shell";

/** /admin/resources — placeholder until its feature issue lands. */
export function AdminResourcesPage() {
  return <PageShell title="Manage Resources" />;
}
