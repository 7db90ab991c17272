import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { formatDay } from "@shared/dates";
import { isDecided, type AdminSubmission, type SubmissionStatus } from "@shared/submissions";
import { Button } from "@/components/ui/button";
import { Input, inputClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { cn } from "@/lib/utils";
import { savedRepliesQuery, useSaveReply, useSetSubmissionStatus } from "../api";
import { CatalogueIntakeFields, NO_INTAKE, type CatalogueIntake } from "./catalogue-intake";
import { OverdueBadge, SubmissionStatusBadge } from "./submission-status-badge";

/** One submission in the A&R inbox: listen, read, and answer (feedback is e-mailed to the artist). */
export function SubmissionReview({ submission }: { submission: AdminSubmission }) {
  const [feedback, setFeedback] = useState(submission.feedback ?? "");
  const [replyTitle, setReplyTitle] = useState("");
  const [missing, setMissing] = useState(false);
  const [intake, setIntake] = useState<CatalogueIntake>(NO_INTAKE);
  const replies = useQuery(savedRepliesQuery);
  const setStatus = useSetSubmissionStatus();
  const saveReply = useSaveReply();
  const decided = isDecided(submission.status);

  function decide(status: SubmissionStatus) {
    const needsFeedback = status === "accepted" || status === "rejected";
    if (needsFeedback && !feedback.trim()) return setMissing(true);
    setMissing(false);
    const catalogue =
      status === "accepted" && intake.enabled
        ? { upc: intake.upc.trim(), isrc: intake.isrc.trim(), share: intake.share.trim() }
        : undefined;
    setStatus.mutate(
      { id: submission.id, body: { status, feedback: needsFeedback ? feedback : undefined, catalogue } },
      {
        onSuccess: () =>
          toast({
            title: needsFeedback ? "Answer sent to the artist" : "Marked under review",
            description: catalogue ? "The track is in the royalty catalogue, the artist its payee." : undefined,
          }),
      },
    );
  }

  return (
    <article aria-label={`Review of ${submission.trackTitle}`} className="grid gap-4 rounded-lg border bg-card p-4">
      <header className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">{submission.trackTitle}</h2>
          <SubmissionStatusBadge status={submission.status} />
          {submission.overdue && <OverdueBadge />}
        </div>
        <p className="text-sm text-muted-foreground">
          {submission.artistName}
          {submission.genre ? ` · ${submission.genre}` : ""}
          {submission.bpm ? ` · ${submission.bpm} BPM` : ""} · {submission.memberEmail ?? "account removed"}
        </p>
        <p className="text-sm text-muted-foreground">
          Submitted {formatDay(submission.submittedAt, null)}
          {submission.replyBy ? ` · Answer by ${formatDay(submission.replyBy, null)}` : ""}
        </p>
      </header>
      {submission.audioUrl && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a submitted demo track has no captions to offer
        <audio
          key={submission.id}
          controls
          preload="metadata"
          src={submission.audioUrl}
          className="w-full"
          aria-label="Player"
        />
      )}
      {submission.description && <p className="text-sm whitespace-pre-wrap">{submission.description}</p>}
      {decided ? (
        <section aria-label="Feedback" className="rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap">
          {submission.feedback}
        </section>
      ) : (
        <div className="grid gap-3">
          {replies.data && replies.data.length > 0 && (
            <div className="grid gap-1">
              <Label htmlFor="saved-reply">Saved replies</Label>
              <select
                id="saved-reply"
                className={cn(inputClassName, "bg-background pr-8")}
                value=""
                onChange={(e) => setFeedback(replies.data.find((r) => r.id === e.target.value)?.body ?? feedback)}
              >
                <option value="">Insert a saved reply…</option>
                {replies.data.map((reply) => (
                  <option key={reply.id} value={reply.id}>
                    {reply.title}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="grid gap-1">
            <Label htmlFor="review-feedback">Feedback to the artist</Label>
            <Textarea
              id="review-feedback"
              rows={5}
              value={feedback}
              aria-invalid={missing}
              onChange={(e) => setFeedback(e.target.value)}
            />
            {missing && (
              <p role="alert" className="text-sm text-destructive">
                Write the feedback the artist will receive
              </p>
            )}
          </div>
          <CatalogueIntakeFields value={intake} onChange={setIntake} />
          <div className="flex flex-wrap gap-2">
            {submission.status === "pending" && (
              <Button
                type="button"
                variant="outline"
                disabled={setStatus.isPending}
                onClick={() => decide("under-review")}
              >
                Mark Under Review
              </Button>
            )}
            <Button type="button" disabled={setStatus.isPending} onClick={() => decide("accepted")}>
              Accept
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={setStatus.isPending}
              onClick={() => decide("rejected")}
            >
              Reject
            </Button>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor="reply-title">Save this feedback as a reply named</Label>
              <Input id="reply-title" value={replyTitle} onChange={(e) => setReplyTitle(e.target.value)} />
            </div>
            <Button
              type="button"
              variant="outline"
              disabled={!replyTitle.trim() || !feedback.trim() || saveReply.isPending}
              onClick={() =>
                saveReply.mutate({ title: replyTitle, body: feedback }, { onSuccess: () => setReplyTitle("") })
              }
            >
              Save Reply
            </Button>
          </div>
        </div>
      )}
    </article>
  );
}
