// The values the outbox table stores in its enumerated and JSON columns. The table and the
// contract both read them from here, so neither imports the other.

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed"] as const;

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** An attachment as stored on the row; `cid` makes it an inline image referenced as cid:… */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** Base64. */
  content: string;
  cid?: string;
}
