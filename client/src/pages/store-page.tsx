import { PageShell } from "@/components/page-shell";

/** /store (also /dashboard/library) — placeholder until its feature issue lands. */
export function StorePage() {
  return <PageShell title="Music Store" />;
}
