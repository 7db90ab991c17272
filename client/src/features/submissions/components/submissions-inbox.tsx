import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { formatDay } from "@shared/dates";
import { LoadError } from "@/components/page-shell";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { submissionsInboxQuery } from "../api";
import { InboxFiltersBar, type InboxFilters } from "./inbox-filters";
import { SubmissionReview } from "./submission-review";
import { OverdueBadge, SubmissionStatusBadge } from "./submission-status-badge";

/** Keys typed into a field are the field's, never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** The A&R inbox: oldest first; j and k move to the next and previous submission. */
export function SubmissionsInbox() {
  const [filters, setFilters] = useState<InboxFilters>({ genre: "", overdue: false, q: "" });
  const list = useQuery(submissionsInboxQuery(filters));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const items = useMemo(() => list.data ?? [], [list.data]);
  const index = Math.max(
    0,
    items.findIndex((s) => s.id === selectedId),
  );
  const selected = items[index] ?? null;

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const step = event.key === "j" ? 1 : event.key === "k" ? -1 : 0;
      if (!step || items.length === 0) return;
      event.preventDefault();
      const next = items[Math.min(items.length - 1, Math.max(0, index + step))];
      setSelectedId(next.id);
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [items, index]);

  return (
    <div className="grid gap-4">
      <InboxFiltersBar value={filters} onChange={setFilters} />
      <p className="text-xs text-muted-foreground">
        Shortcuts: <kbd>j</kbd> next, <kbd>k</kbd> previous.
      </p>
      {list.isPending ? (
        <Skeleton className="h-40 rounded-lg" />
      ) : list.isError ? (
        <LoadError what="the submissions" onRetry={() => void list.refetch()} error={list.error} />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No submissions match.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ul aria-label="Submissions" className="grid content-start gap-2">
            {items.map((submission, i) => (
              <li key={submission.id}>
                <button
                  type="button"
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => setSelectedId(submission.id)}
                  className={cn(
                    "grid w-full gap-1 rounded-md border p-3 text-left hover:bg-muted/60",
                    i === index && "border-primary bg-muted/60",
                  )}
                >
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {submission.trackTitle}
                    <SubmissionStatusBadge status={submission.status} />
                    {submission.overdue && <OverdueBadge />}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {submission.artistName} · {submission.genre} · {formatDay(submission.submittedAt, null)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {selected && <SubmissionReview key={selected.id} submission={selected} />}
        </div>
      )}
    </div>
  );
}
