import { formatDay } from "@shared/dates";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SAMPLE_SUBMISSIONS, SUBMISSION_STATUS_STYLES } from "../../data/submissions";
import { previewToast } from "../../preview";

/** The status tab: sample cards with a coloured status badge and View Details. */
export function SubmissionStatusList() {
  return (
    <ul className="grid gap-3">
      {SAMPLE_SUBMISSIONS.map((submission) => {
        const status = SUBMISSION_STATUS_STYLES[submission.status];
        return (
          <li
            key={submission.id}
            className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-semibold">{submission.trackTitle}</h2>
                <Badge className={status.className}>{status.label}</Badge>
              </div>
              <p className="text-sm text-muted-foreground">
                {submission.artistName} · {submission.genre} · Submitted {formatDay(submission.submittedDate, null)}
              </p>
            </div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`View details of ${submission.trackTitle}`}
              onClick={() => previewToast("Submission details")}
            >
              View Details
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
