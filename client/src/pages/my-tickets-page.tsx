import { PageShell } from "@/components/page-shell";

/** /my-tickets — placeholder until its feature issue lands. */
export function MyTicketsPage() {
  return <PageShell title="My Tickets" />;
}
