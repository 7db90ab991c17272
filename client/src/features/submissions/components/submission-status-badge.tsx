import type { SubmissionStatus } from "@shared/submissions";
import { Badge } from "@/components/ui/badge";

/** Each status has its own colour (docs/product.md, "Music Submissions"). */
export const SUBMISSION_STATUS_STYLES: Record<SubmissionStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "border-transparent bg-amber-500/15 text-amber-700 dark:text-amber-300" },
  "under-review": {
    label: "Under Review",
    className: "border-transparent bg-sky-500/15 text-sky-700 dark:text-sky-300",
  },
  accepted: {
    label: "Accepted",
    className: "border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300",
  },
  rejected: { label: "Rejected", className: "border-transparent bg-red-500/15 text-red-700 dark:text-red-300" },
};

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  const style = SUBMISSION_STATUS_STYLES[status];
  return <Badge className={style.className}>{style.label}</Badge>;
}

export function OverdueBadge() {
  return <Badge className="border-transparent bg-orange-500/20 text-orange-800 dark:text-orange-300">Overdue</Badge>;
}
