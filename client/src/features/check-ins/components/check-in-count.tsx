import { LoadError } from "@/components/page-shell";
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import type { CheckInSummary } from "@shared/check-ins";
import { Button } from "@/components/ui/button";
import { attendeesCsvUrl, checkInSummaryQuery } from "../api";

export function checkInCountText({
  checkedInTickets,
  soldTickets,
}: Pick<CheckInSummary, "checkedInTickets" | "soldTickets">) {
  return `${checkedInTickets} of ${soldTickets} tickets checked in`;
}

/** The chosen event's live count on the check-in page. */
export function EventCheckInCount({ eventId }: { eventId: string }) {
  const query = useQuery(checkInSummaryQuery(eventId));
  if (query.isPending) return <p className="text-muted-foreground">Loading check-in count...</p>;
  if (query.isError) return <LoadError inline what="the check-in count" onRetry={() => void query.refetch()} />;
  const { checkedInTickets, soldTickets } = query.data;
  return (
    <div className="grid gap-2">
      <p className="text-xl font-semibold sm:text-2xl">{checkInCountText(query.data)}</p>
      <div
        role="progressbar"
        aria-label="Tickets checked in"
        aria-valuemin={0}
        aria-valuemax={soldTickets}
        aria-valuenow={checkedInTickets}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full bg-primary"
          style={{ width: `${soldTickets ? (100 * checkedInTickets) / soldTickets : 0}%` }}
        />
      </div>
    </div>
  );
}

/** An event's line in the admin list: its count, once loaded, and the attendee download. */
export function EventCheckInLine({
  eventName,
  eventId,
  summary,
}: {
  eventName: string;
  eventId: string;
  summary?: CheckInSummary;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      {summary && <span>{checkInCountText(summary)}</span>}
      <Button asChild variant="link" size="sm" className="h-auto px-0">
        <a href={attendeesCsvUrl(eventId)} download aria-label={`Attendees CSV for ${eventName}`}>
          <Download aria-hidden="true" />
          Attendees CSV
        </a>
      </Button>
    </div>
  );
}
