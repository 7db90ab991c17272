import { useQuery } from "@tanstack/react-query";
import { AdminOnly } from "@/components/admin-only";
import { PageLoading } from "@/components/page-loading";
import { LoadError, PageShell } from "@/components/page-shell";
import { CheckInDesk } from "@/features/check-ins/components/check-in-desk";
import { eventsQuery } from "@/features/events/api";

/** /check-in: administrators admit ticket holders at the door (docs/product.md, "Check-in"). */
export function CheckInPage() {
  return (
    <PageShell title="Check-in" description="Scan tickets or type their confirmation codes at the door.">
      <AdminOnly>
        <Desk />
      </AdminOnly>
    </PageShell>
  );
}

function Desk() {
  const events = useQuery(eventsQuery);
  if (events.isPending) return <PageLoading label="Loading events..." className="min-h-40" />;
  if (events.isError) return <LoadError what="the events" onRetry={() => void events.refetch()} />;
  return <CheckInDesk events={events.data} />;
}
