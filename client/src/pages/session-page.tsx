import { PageShell } from "@/components/page-shell";

/** /session — placeholder until its feature issue lands. */
export function SessionPage() {
  return <PageShell title="Session Musicians" />;
}
