import { PageShell } from "@/components/page-shell";

/** /submissions (also /ar, /dashboard/submissions) — placeholder until its feature issue lands. */
export function SubmissionsPage() {
  return <PageShell title="Music Submissions" />;
}
