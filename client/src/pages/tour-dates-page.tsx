import { PageShell } from "@/components/page-shell";

/** /tour-dates — placeholder until its feature issue lands. */
export function TourDatesPage() {
  return <PageShell title="Tour Dates Management" />;
}
