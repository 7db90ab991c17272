import { PageShell } from "@/components/page-shell";

/** /settings (also /dashboard/settings) — placeholder until its feature issue lands. */
export function SettingsPage() {
  return <PageShell title="Label Settings" />;
}
