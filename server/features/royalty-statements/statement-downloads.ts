import type { RequestHandler } from "express";
import { HttpError } from "../../lib/http-error";

/** How many statement files one member, and everyone together, may have in the making at once. */
export interface StatementDownloadLimits {
  perMember: number;
  atOnce: number;
}

/**
 * A statement's CSV streams hundreds of thousands of rows and its PDF renders on the document
 * threads: both hold a database connection for as long as they run. A member may have
 * `perMember` of them in the making at once (429 beyond), everyone together `atOnce` (503
 * beyond), so that a burst of downloads leaves the pool and the event loop to everyone else
 * (docs/decisions/037-royalties-after-the-close.md). Checked before any query, on the session's
 * member alone. Counted per instance: each instance guards its own pool and event loop; the
 * documents rate limit (in PostgreSQL) caps a member across instances.
 */
export const DEFAULT_STATEMENT_DOWNLOAD_LIMITS: StatementDownloadLimits = { perMember: 2, atOnce: 4 };

/** Seconds a refused download is told to wait: a statement's CSV takes a few seconds. */
const RETRY_AFTER_SECONDS = 5;

export const TOO_MANY_OF_YOURS = "You are already downloading statement files: wait for one to finish";
export const TOO_MANY_AT_ONCE =
  "Statement files are being prepared for many people right now. Please try again in a moment.";

export function createStatementDownloadLimit(limits: StatementDownloadLimits): RequestHandler {
  const perMember = new Map<string, number>();
  let active = 0;
  return (req, res, next) => {
    const member = req.user!.id;
    const mine = perMember.get(member) ?? 0;
    if (mine >= limits.perMember) return next(HttpError.tooMany(TOO_MANY_OF_YOURS, RETRY_AFTER_SECONDS));
    if (active >= limits.atOnce) {
      const busy = HttpError.unavailable(TOO_MANY_AT_ONCE);
      busy.retryAfterSeconds = RETRY_AFTER_SECONDS;
      return next(busy);
    }
    active += 1;
    perMember.set(member, mine + 1);
    // "close" comes once the answer is sent or the client has gone, whichever is first.
    res.once("close", () => {
      active -= 1;
      const left = (perMember.get(member) ?? 1) - 1;
      if (left > 0) perMember.set(member, left);
      else perMember.delete(member);
    });
    next();
  };
}
