import { PageShell } from "@/components/page-shell";

/** /admin/featured-artists — placeholder until its feature issue lands. */
export function AdminFeaturedArtistsPage() {
  return <PageShell title="Manage Featured Artists" />;
}
