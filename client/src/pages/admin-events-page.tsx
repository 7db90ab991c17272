import { PageShell } from "@/components/page-shell";

/** /admin/events — placeholder until its feature issue lands. */
export function AdminEventsPage() {
  return <PageShell title="Manage Events" />;
}
