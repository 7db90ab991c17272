import { PageShell } from "@/components/page-shell";

/** /development — placeholder until its feature issue lands. */
export function DevelopmentPage() {
  return (
    <PageShell
      title="Artist Development"
      description="Educational resources and mentorship programs"
    />
  );
}
