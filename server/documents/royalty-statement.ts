/** What a royalty statement's PDF shows, as plain data (it crosses to a worker thread). Amounts are decimal strings. */
export interface RoyaltyStatementDocument {
  labelName: string;
  payeeName: string;
  periodStart: string;
  periodEnd: string;
  currency: string;
  summary: { opening: string; earned: string; advances: string; closing: string; payable: string };
  byTrack: { release: string; track: string; amount: string }[];
  byStore: { store: string; country: string; amount: string }[];
  topTracks: { track: string; amount: string }[];
}
