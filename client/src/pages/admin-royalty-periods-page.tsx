import { useQuery } from "@tanstack/react-query";
import { AdminOnly } from "@/components/admin-only";
import { PageLoading } from "@/components/page-loading";
import { LoadError, PageShell } from "@/components/page-shell";
import { royaltyPeriodsQuery } from "@/features/royalty-statements/api";
import { CreatePeriodForm } from "@/features/royalty-statements/components/create-period-form";
import { PeriodCard } from "@/features/royalty-statements/components/period-card";

/** /admin/royalty-periods: open periods, close them, and read and pay each payee's statement. */
export function AdminRoyaltyPeriodsPage() {
  return (
    <PageShell title="Royalty Periods" description="Close a period to lock every payee's statement">
      <AdminOnly>
        <div className="grid gap-6">
          <CreatePeriodForm />
          <PeriodList />
        </div>
      </AdminOnly>
    </PageShell>
  );
}

function PeriodList() {
  const query = useQuery(royaltyPeriodsQuery);
  if (query.isPending) return <PageLoading label="Loading periods..." className="min-h-40" />;
  if (query.isError) return <LoadError what="the periods" onRetry={() => void query.refetch()} error={query.error} />;
  if (query.data.length === 0)
    return <p className="text-muted-foreground">No periods yet. Open the first one above.</p>;
  return (
    <div className="grid gap-4">
      {query.data.map((period) => (
        <PeriodCard key={period.id} period={period} />
      ))}
    </div>
  );
}
