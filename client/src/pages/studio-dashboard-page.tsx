import { PageShell } from "@/components/page-shell";

/** /dashboard (also /studio) — placeholder until its feature issue lands. */
export function StudioDashboardPage() {
  return (
    <PageShell
      title="Studio Department"
      description="Welcome back, Admin"
    />
  );
}
