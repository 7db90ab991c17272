import { useQuery } from "@tanstack/react-query";
import { Ticket } from "lucide-react";
import { Link } from "wouter";
import { PageLoading } from "@/components/page-loading";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { myTicketsQuery } from "@/features/tickets/api";
import { TicketCard } from "@/features/tickets/components/ticket-card";

/** /my-tickets — the user's purchases with confirmation codes. */
export function MyTicketsPage() {
  return (
    <PageShell
      title="My Tickets"
      description="Your ticket purchases and their confirmation codes"
      actions={
        <Button asChild variant="outline">
          <Link href="/tickets">Browse events</Link>
        </Button>
      }
    >
      <TicketList />
    </PageShell>
  );
}

function TicketList() {
  const query = useQuery(myTicketsQuery);
  if (query.isLoading) return <PageLoading label="Loading tickets..." className="min-h-40" />;
  if (query.isError) return <LoadError what="your tickets" onRetry={() => void query.refetch()} />;
  const tickets = query.data ?? [];
  if (tickets.length === 0) {
    return (
      <section className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card/60 p-10 text-center">
        <Ticket aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-xl font-semibold">No Tickets Yet</h2>
        <p className="text-muted-foreground">Tickets you buy appear here with their confirmation codes.</p>
        <Button asChild>
          <Link href="/tickets">Browse events</Link>
        </Button>
      </section>
    );
  }
  return (
    <ul className="grid gap-4">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <TicketCard ticket={ticket} />
        </li>
      ))}
    </ul>
  );
}
