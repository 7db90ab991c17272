import { PageShell } from "@/components/page-shell";

/** /tickets — placeholder until its feature issue lands. */
export function TicketsPage() {
  return (
    <PageShell
      title="Event Tickets"
      description="Browse and purchase tickets for upcoming concerts and events"
    />
  );
}
