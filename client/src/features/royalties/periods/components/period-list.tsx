import { useQuery } from "@tanstack/react-query";
import { PageLoading } from "@/components/page-loading";
import { LoadError } from "@/components/page-shell";
import { royaltyPeriodsQuery } from "../api";
import { PeriodCard } from "./period-card";

/** Every period, newest first, each with its statements. */
export function PeriodList() {
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
