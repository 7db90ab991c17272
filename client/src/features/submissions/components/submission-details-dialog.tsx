import { formatDay } from "@shared/dates";
import type { Submission } from "@shared/submissions";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { OverdueBadge, SubmissionStatusBadge } from "./submission-status-badge";

/** One of the member's submissions: its player, its status, the reply-by date and the feedback. */
export function SubmissionDetailsDialog({
  submission,
  onOpenChange,
}: {
  submission: Submission | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={submission !== null} onOpenChange={onOpenChange}>
      {submission && (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{submission.trackTitle}</DialogTitle>
            <DialogDescription>
              {submission.artistName}
              {submission.genre ? ` · ${submission.genre}` : ""}
              {submission.bpm ? ` · ${submission.bpm} BPM` : ""}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <SubmissionStatusBadge status={submission.status} />
              {submission.overdue && <OverdueBadge />}
            </div>
            {submission.audioUrl && (
              // The signed link lasts minutes; the list is read again each time the dialog opens.
              // eslint-disable-next-line jsx-a11y/media-has-caption -- a submitted demo track has no captions to offer
              <audio controls preload="metadata" src={submission.audioUrl} className="w-full" aria-label="Player">
                Your browser cannot play this track.
              </audio>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Submitted</dt>
              <dd>{formatDay(submission.submittedAt, null, "date")}</dd>
              {submission.replyBy && (
                <>
                  <dt className="text-muted-foreground">Answer by</dt>
                  <dd>{formatDay(submission.replyBy, null, "date")}</dd>
                </>
              )}
            </dl>
            {submission.description && <p className="text-sm whitespace-pre-wrap">{submission.description}</p>}
            {submission.feedback ? (
              <section aria-label="Feedback" className="rounded-md border bg-muted/40 p-3">
                <h3 className="mb-1 text-sm font-semibold">Feedback from our A&amp;R team</h3>
                <p className="text-sm whitespace-pre-wrap">{submission.feedback}</p>
              </section>
            ) : (
              <p className="text-sm text-muted-foreground">No answer yet: our A&amp;R team will write to you.</p>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
