import { HttpError } from "../../../lib/http-error";

/** Statement files (PDF or CSV) one member downloads at once, on one instance. */
export const STATEMENT_DOWNLOADS_PER_MEMBER = 2;
/** Statement files downloading at once on one instance, whoever asks. */
export const STATEMENT_DOWNLOADS_AT_ONCE = 4;

/**
 * How many statement files are being made at once, per member and in all. Each one reads a
 * statement's lines for as long as its download lasts, so a few are let through and the rest
 * refused at once, before any query, rather than queued: the pool's connections and the event
 * loop stay free for everyone else. Like lib/concurrency-limit.ts it guards this instance's own
 * resources, so it is deliberately not shared between instances; the per-minute count of
 * documents is (lib/rate-limit.ts, in PostgreSQL).
 */
export function createStatementDownloadGate(
  perMember = STATEMENT_DOWNLOADS_PER_MEMBER,
  atOnce = STATEMENT_DOWNLOADS_AT_ONCE,
) {
  const byMember = new Map<string, number>();
  let active = 0;
  return {
    async run<T>(memberId: string, work: () => Promise<T>): Promise<T> {
      const own = byMember.get(memberId) ?? 0;
      if (own >= perMember)
        throw HttpError.tooMany(
          `You are already downloading ${perMember} statement files. Please wait for one to finish and try again.`,
          5,
        );
      if (active >= atOnce)
        throw HttpError.unavailable(
          "Statement files are being prepared for many people right now. Please try again in a moment.",
        );
      byMember.set(memberId, own + 1);
      active += 1;
      try {
        return await work();
      } finally {
        active -= 1;
        const left = (byMember.get(memberId) ?? 1) - 1;
        if (left > 0) byMember.set(memberId, left);
        else byMember.delete(memberId);
      }
    },
  };
}

export type StatementDownloadGate = ReturnType<typeof createStatementDownloadGate>;
