import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatDay } from "@shared/dates";
import type { Submission } from "@shared/submissions";
import { LoadError } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { mySubmissionsQuery } from "../api";
import { SubmissionDetailsDialog } from "./submission-details-dialog";
import { OverdueBadge, SubmissionStatusBadge } from "./submission-status-badge";

/** The Submission Status tab: the member's own submissions, newest first. */
export function MySubmissionsList() {
  const submissions = useQuery(mySubmissionsQuery);
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<string | null>(null);
  const open = submissions.data?.find((s) => s.id === openId) ?? null;

  if (submissions.isPending)
    return (
      <div className="grid gap-3" role="status" aria-label="Loading submissions">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-20 rounded-lg" />
        ))}
      </div>
    );
  if (submissions.isError)
    return <LoadError what="your submissions" onRetry={() => void submissions.refetch()} error={submissions.error} />;
  if (submissions.data.length === 0)
    return <p className="text-sm text-muted-foreground">You have not submitted a track yet.</p>;

  function view(submission: Submission) {
    // A fresh listening link: the one in the list may have expired while the tab stayed open.
    void queryClient.invalidateQueries({ queryKey: mySubmissionsQuery.queryKey });
    setOpenId(submission.id);
  }

  return (
    <>
      <ul className="grid gap-3">
        {submissions.data.map((submission) => (
          <li
            key={submission.id}
            className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-semibold">{submission.trackTitle}</h2>
                <SubmissionStatusBadge status={submission.status} />
                {submission.overdue && <OverdueBadge />}
              </div>
              <p className="text-sm text-muted-foreground">
                {submission.artistName}
                {submission.genre ? ` · ${submission.genre}` : ""} · Submitted {formatDay(submission.submittedAt, null)}
                {submission.replyBy && !submission.decidedAt
                  ? ` · Answer by ${formatDay(submission.replyBy, null)}`
                  : ""}
              </p>
            </div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`View details of ${submission.trackTitle}`}
              onClick={() => view(submission)}
            >
              View Details
            </Button>
          </li>
        ))}
      </ul>
      <SubmissionDetailsDialog submission={open} onOpenChange={(isOpen) => !isOpen && setOpenId(null)} />
    </>
  );
}
