/** What a royalty statement's PDF shows, as plain data (it crosses to a worker thread). Amounts are decimal strings. */
export interface RoyaltyStatementDocument {
  labelName: string;
  payeeName: string;
  periodStart: string;
  periodEnd: string;
  /**
   * The day the statement was made: its period's closing ("YYYY-MM-DD", or the instant, read
   * in UTC as the app's days are). Absent, the statement is dated its period's last day.
   */
  statementDate?: string | null;
  currency: string;
  summary: { opening: string; earned: string; advances: string; closing: string; payable: string };
  byTrack: { release: string; track: string; amount: string }[];
  byStore: { store: string; country: string; amount: string }[];
  topTracks: { track: string; amount: string }[];
  /** What each source earned ("Distributors", "Label store"…), adding up to the summary's earned. */
  bySource?: { source: string; label: string; amount: string }[];
}
