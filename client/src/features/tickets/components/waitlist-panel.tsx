import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ticketWaitlistContract } from "@shared/ticket-waitlist";
import { ticketWaitlistApi } from "@shared/ticket-waitlist.api";
import { LoadError } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { apiClient } from "@/lib/api-client";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { waitlistCsvUrl, waitlistQuery } from "../waitlist-api";

const api = apiClient<typeof ticketWaitlistContract>(ticketWaitlistApi);

/** An event's waiting list on the admin screen: position, status, offered until, quantity; offer now, remove, CSV. */
export function WaitlistPanel({ eventId }: { eventId: string }) {
  const query = useQuery(waitlistQuery(eventId));
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.list.key({ params: { id: eventId } }) });
  const offer = useMutation({
    mutationFn: (id: string) => api.offer({ params: { id } }),
    onSettled: refresh,
    meta: { errorFallback: "Could not offer the tickets" },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.remove({ params: { id } }),
    onSettled: refresh,
    meta: { errorFallback: "Could not remove the entry" },
  });
  if (query.isError) return <LoadError inline what="the waiting list" onRetry={() => void query.refetch()} />;
  const entries = query.data ?? [];
  return (
    <div className="grid gap-2 text-sm">
      <div className="flex justify-between gap-2">
        <p className="font-medium">Waiting list</p>
        <a className="underline" href={waitlistCsvUrl(eventId)} download>
          Download CSV
        </a>
      </div>
      {entries.length === 0 ? (
        <p className="text-muted-foreground">Nobody is waiting.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Waiting list">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {entry.position ? `${entry.position}. ` : ""}
                  {entry.name ? `${entry.name} · ` : ""}
                  {entry.email}
                </p>
                <p className="text-muted-foreground">
                  {entry.quantity} ticket{entry.quantity === 1 ? "" : "s"} · {entry.status}
                  {entry.status === "offered" && entry.offerExpiresAt
                    ? ` until ${formatDayTime(entry.offerExpiresAt, viewerTimeZone(), { year: "other-years" })}`
                    : ""}
                </p>
              </div>
              {(entry.status === "waiting" || entry.status === "offered") && (
                <div className="flex gap-2">
                  {entry.status === "waiting" && (
                    <Button type="button" size="sm" variant="outline" onClick={() => offer.mutate(entry.id)}>
                      Offer now
                    </Button>
                  )}
                  <Button type="button" size="sm" variant="outline" onClick={() => remove.mutate(entry.id)}>
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
