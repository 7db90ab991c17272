import { CalendarClock, Eye } from "lucide-react";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import type { AdminLiveStream, LiveStreamPlatforms } from "@shared/live-streams";
import { EmptyList, RowActions } from "@/components/management";
import { Badge } from "@/components/ui/badge";

const PLATFORM_NAMES: Record<keyof LiveStreamPlatforms, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  rumble: "Rumble",
};

const STATUS_BADGE = {
  live: { label: "Live", variant: "destructive" },
  scheduled: { label: "Scheduled", variant: "secondary" },
  ended: { label: "Ended", variant: "outline" },
} as const;

function formatSchedule(iso: string | null): string {
  if (!iso) return "Not scheduled";
  return formatDayTime(iso, viewerTimeZone());
}

export function LiveStreamList({
  streams,
  onEdit,
  onDelete,
  deletingId,
}: {
  streams: readonly AdminLiveStream[];
  onEdit: (stream: AdminLiveStream) => void;
  onDelete: (stream: AdminLiveStream) => void;
  deletingId: string | null;
}) {
  if (streams.length === 0) {
    return <EmptyList>No live streams yet. Click "Add Live Stream" to create one.</EmptyList>;
  }
  return (
    <ul className="grid gap-3">
      {streams.map((stream) => {
        const status = STATUS_BADGE[stream.status] ?? STATUS_BADGE.scheduled;
        const platforms = (Object.keys(PLATFORM_NAMES) as (keyof LiveStreamPlatforms)[]).filter(
          (platform) => stream.platforms[platform],
        );
        return (
          <li
            key={stream.id}
            className="flex flex-col gap-3 rounded-lg border bg-card/90 p-4 shadow-sm sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg font-semibold">{stream.title}</h2>
                <Badge variant={status.variant}>{status.label}</Badge>
              </div>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <span className="inline-flex items-center gap-1.5">
                  <CalendarClock aria-hidden="true" className="size-4" />
                  {formatSchedule(stream.scheduledFor)}
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Eye aria-hidden="true" className="size-4" />
                  {stream.viewerCount} viewers
                </span>
              </p>
              <p className="flex flex-wrap gap-1.5 text-xs">
                {platforms.length === 0 ? (
                  <span className="text-muted-foreground">No platforms set up</span>
                ) : (
                  platforms.map((platform) => (
                    <Badge key={platform} variant="outline">
                      {PLATFORM_NAMES[platform]}
                    </Badge>
                  ))
                )}
              </p>
            </div>
            <RowActions
              name={stream.title}
              onEdit={() => onEdit(stream)}
              onDelete={() => onDelete(stream)}
              deleting={deletingId === stream.id}
            />
          </li>
        );
      })}
    </ul>
  );
}
