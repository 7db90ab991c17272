import { PageShell } from "@/components/page-shell";

/** /admin/live-streams — placeholder until its feature issue lands. */
export function AdminLiveStreamsPage() {
  return <PageShell title="Manage Live Streams" />;
}
