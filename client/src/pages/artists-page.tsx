import { PageShell } from "@/components/page-shell";

/** /artists (public; also /dashboard/artists) — placeholder until its feature issue lands. */
export function ArtistsPage() {
  return <PageShell title="Artist Gallery" />;
}
