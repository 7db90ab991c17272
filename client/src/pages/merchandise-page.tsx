import { PageShell } from "@/components/page-shell";

/** /merchandise (also /fashion) — placeholder until its feature issue lands. */
export function MerchandisePage() {
  return (
    <PageShell
      title="Merchandise Management"
      description="Add and manage your merchandise items"
    />
  );
}
