import { PageShell } from "@/components/page-shell";

/** /advertising — placeholder until its feature issue lands. */
export function AdvertisingPage() {
  return <PageShell title="Advertising" />;
}
