/** Submission statuses, each with its own badge colour. */
export const SUBMISSION_STATUSES = ["pending", "under-review", "accepted", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

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

/** Sample-only items: id, artistName, trackTitle, genre, submittedDate, status. */
export const SAMPLE_SUBMISSIONS: readonly {
  id: string;
  artistName: string;
  trackTitle: string;
  genre: string;
  submittedDate: string;
  status: SubmissionStatus;
}[] = [
  {
    id: "s1",
    artistName: "Nova Reign",
    trackTitle: "After Hours",
    genre: "R&B / Soul",
    submittedDate: "2026-02-14",
    status: "under-review",
  },
  {
    id: "s2",
    artistName: "Coastal Drift",
    trackTitle: "Low Tide",
    genre: "Pop",
    submittedDate: "2026-02-09",
    status: "pending",
  },
  {
    id: "s3",
    artistName: "Marisol Vega",
    trackTitle: "Fuego Lento",
    genre: "Jazz / Blues",
    submittedDate: "2026-01-28",
    status: "accepted",
  },
  {
    id: "s4",
    artistName: "City Lights Collective",
    trackTitle: "Grey Skies",
    genre: "Hip Hop / Rap",
    submittedDate: "2026-01-17",
    status: "rejected",
  },
];
