import { formatDay } from "@shared/dates";
import type { NewAdminMessage, NewOutboxMessage } from "@shared/outbox";
import {
  AUDIO_TYPES_MESSAGE,
  isDecided,
  SUBMISSION_TOO_LARGE_MESSAGE,
  SUBMISSION_WINDOW_DAYS,
  SUBMISSIONS_PER_WINDOW,
  type AdminSubmission,
  type CreateSubmission,
  type SetSubmissionStatus,
  type Submission,
  type SubmissionsQuery,
} from "@shared/submissions";
import type { Transaction } from "../../db/database";
import { HttpError } from "../../lib/http-error";
import { isUniqueViolation } from "../../lib/pg-errors";
import type { AudioLinks } from "./submission-audio";
import type { Executor, SubmissionRow, SubmissionsRepository, SubmissionWithMember } from "./submissions.repository";

/** The stored audio as the objects feature's claim read it. */
export interface ClaimedAudio {
  contentType: string;
  size: number;
  sha256: string;
}

/** Why the objects feature refused the file (its audio claim, handed over by features/index.ts). */
export type AudioClaimRefusal = "not-issued" | "not-uploaded" | "too-large" | "not-audio" | "gone";

/**
 * Refers to an uploaded track: checks it was issued to this member for a submission, reads its
 * bytes (kind by content, size, hash), and runs `save` in a transaction holding the upload.
 */
export type ClaimAudioUpload = <T>(
  userId: string,
  objectPath: string,
  save: (tx: Transaction, audio: ClaimedAudio) => Promise<T>,
) => Promise<{ claimed: T } | { refused: AudioClaimRefusal }>;

export interface SubmissionsDeps {
  repository: SubmissionsRepository;
  /** The objects feature's claim: reads the stored audio (kind by content, size, hash). */
  claimAudioUpload: ClaimAudioUpload;
  messages: {
    queue: (tx: Executor, messages: NewOutboxMessage[]) => Promise<unknown>;
    queueToAdmins: (tx: Executor, message: NewAdminMessage) => Promise<unknown>;
    deliverSoon: () => void;
  };
  links: AudioLinks;
  /** The royalties feature's intake: an accepted track as a release with the artist its payee. */
  addToCatalogue: (track: {
    title: string;
    artist: string;
    email: string;
    upc: string;
    isrc: string;
    share: string;
  }) => Promise<unknown>;
  replyDays: number;
  /** The member's page, linked from every e-mail. */
  pageUrl: string;
  /** The A&R inbox, linked from the administrators' summary. */
  inboxUrl: string;
}

const FILE_REFUSALS: Record<Exclude<AudioClaimRefusal, "too-large">, string> = {
  "not-issued": "Upload the audio file first",
  "not-uploaded": "The audio file has not finished uploading",
  "not-audio": `The file is not audio. ${AUDIO_TYPES_MESSAGE}`,
  gone: "The upload has expired; upload the file again",
};

/** "You can submit again on December 6, 2026": the day the oldest counted submission leaves the window. */
function tooMany(at: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000));
  return HttpError.tooMany(`You can submit again on ${formatDay(at, "UTC", "date")}`, seconds);
}

/** The Monday (UTC) that starts the week of `at`, "2026-11-23": one summary per week. */
export function weekKey(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

export function createSubmissionsService(deps: SubmissionsDeps) {
  const { repository, links } = deps;

  function toSubmission(row: SubmissionRow, now = Date.now()): Submission {
    return {
      id: row.id,
      artistName: row.artistName,
      trackTitle: row.trackTitle,
      genre: row.genre,
      bpm: row.bpm,
      description: row.description,
      status: row.status,
      feedback: row.feedback,
      submittedAt: row.submittedAt.toISOString(),
      replyBy: row.replyBy?.toISOString() ?? null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      overdue: !isDecided(row.status) && row.replyBy !== null && row.replyBy.getTime() < now,
      audioUrl: row.fileUrl ? links.sign(row.id, now) : null,
    };
  }

  function toAdmin(row: SubmissionWithMember): AdminSubmission {
    return {
      ...toSubmission(row),
      memberEmail: row.memberEmail,
      fileType: row.fileType,
      fileSize: row.fileSize,
    };
  }

  return {
    toSubmission,

    /**
     * A member submits an uploaded track: at most 3 in 7 days (counted in PostgreSQL under the
     * member's lock, so instances and double clicks agree), one file once (its hash is unique),
     * and the received e-mail queued in the same transaction.
     */
    async create(user: { id: string; email: string }, body: CreateSubmission): Promise<Submission> {
      // Refused before 100MB are read and hashed; checked again under the lock below.
      const early = await repository.nextAllowedAt(
        repository.db,
        user.id,
        SUBMISSIONS_PER_WINDOW,
        SUBMISSION_WINDOW_DAYS,
      );
      if (early) throw tooMany(early);
      const result = await deps.claimAudioUpload(user.id, body.fileKey, async (tx, audio) => {
        await repository.lockMember(tx, user.id);
        const next = await repository.nextAllowedAt(tx, user.id, SUBMISSIONS_PER_WINDOW, SUBMISSION_WINDOW_DAYS);
        if (next) throw tooMany(next);
        const row = await repository
          .insert(
            tx,
            {
              userId: user.id,
              artistName: body.artistName,
              trackTitle: body.trackTitle,
              genre: body.genre,
              bpm: body.bpm ?? null,
              description: body.description ?? null,
              fileUrl: body.fileKey,
              fileHash: audio.sha256,
              fileType: audio.contentType,
              fileSize: audio.size,
            },
            deps.replyDays,
          )
          .catch((error: unknown) => {
            if (isUniqueViolation(error, "submissions_file_hash_idx"))
              throw HttpError.conflict("This track has already been submitted", {
                fileKey: ["This file has already been submitted"],
              });
            throw error;
          });
        await deps.messages.queue(tx, [
          {
            template: "submission-received",
            recipient: user.email,
            params: {
              artistName: row.artistName,
              trackTitle: row.trackTitle,
              submittedAt: row.submittedAt.toISOString(),
              replyBy: row.replyBy!.toISOString(),
              link: deps.pageUrl,
            },
            aboutType: "submission",
            aboutId: row.id,
          },
        ]);
        return row;
      });
      if ("refused" in result) {
        if (result.refused === "too-large") throw new HttpError(413, SUBMISSION_TOO_LARGE_MESSAGE);
        const message = FILE_REFUSALS[result.refused];
        throw HttpError.badRequest(message, { fileKey: [message] });
      }
      deps.messages.deliverSoon();
      return toSubmission(result.claimed);
    },

    async mine(userId: string): Promise<Submission[]> {
      const now = Date.now();
      return (await repository.listForMember(userId)).map((row) => toSubmission(row, now));
    },

    /** Another member's submission is "not found": whether it exists is nobody else's business. */
    async mineOne(userId: string, id: string): Promise<Submission> {
      const row = await repository.findForMember(userId, id);
      if (!row) throw HttpError.notFound("Submission not found");
      return toSubmission(row);
    },

    async list(query: SubmissionsQuery): Promise<AdminSubmission[]> {
      return (await repository.list(query)).map(toAdmin);
    },

    /**
     * pending → under-review → accepted or rejected (or straight to a decision). A decision is
     * final: the artist has been e-mailed it, so it never changes nor goes back to pending (409).
     */
    async setStatus(id: string, body: SetSubmissionStatus): Promise<AdminSubmission> {
      const decided = isDecided(body.status);
      if (body.catalogue) {
        // The release first: a code already held (409) leaves the submission undecided, so the
        // admin corrects the code and accepts again; the decision below re-checks its state.
        const current = await repository.find(repository.db, id);
        if (!current) throw HttpError.notFound("Submission not found");
        if (isDecided(current.status))
          throw HttpError.conflict(`This submission has already been ${current.status}; a decision is final`);
        if (!current.memberEmail)
          throw HttpError.conflict("This submission's artist has no e-mail to pay royalties to");
        await deps.addToCatalogue({
          title: current.trackTitle,
          artist: current.artistName,
          email: current.memberEmail,
          ...body.catalogue,
        });
      }
      const queued = await repository.transaction(async (tx) => {
        const current = await repository.find(tx, id, true);
        if (!current) throw HttpError.notFound("Submission not found");
        if (isDecided(current.status))
          throw HttpError.conflict(`This submission has already been ${current.status}; a decision is final`);
        if (body.status === "pending" && current.status !== "pending")
          throw HttpError.conflict("A submission cannot go back to pending");
        if (body.status === current.status) return false;
        await repository.setStatus(tx, id, {
          status: body.status,
          feedback: decided ? body.feedback! : null,
          decided,
        });
        if (!decided || !current.memberEmail) return false;
        await deps.messages.queue(tx, [
          {
            template: "submission-decided",
            recipient: current.memberEmail,
            params: {
              artistName: current.artistName,
              trackTitle: current.trackTitle,
              status: body.status as "accepted" | "rejected",
              feedback: body.feedback!,
              link: deps.pageUrl,
            },
            aboutType: "submission",
            aboutId: id,
          },
        ]);
        return true;
      });
      if (queued) deps.messages.deliverSoon();
      const row = await repository.find(repository.db, id);
      return toAdmin(row!);
    },

    /**
     * The weekly summary of overdue submissions to the administrators: queued once per ISO week
     * (the job asks hourly; the first run of a week with any overdue sends it). How many were listed.
     */
    async queueOverdueSummary(now = new Date()): Promise<number> {
      const count = await repository.transaction(async (tx) => {
        const week = weekKey(now);
        const overdue = await repository.overdue(tx);
        if (overdue.length === 0 || !(await repository.claimSummaryWeek(tx, week))) return 0;
        await deps.messages.queueToAdmins(tx, {
          template: "submissions-overdue-summary",
          params: {
            count: overdue.length,
            items: overdue.slice(0, 20).map((row) => ({
              artistName: row.artistName,
              trackTitle: row.trackTitle,
              replyBy: row.replyBy!.toISOString(),
            })),
            link: deps.inboxUrl,
          },
          aboutType: "submissions-week",
          aboutId: week,
        });
        return overdue.length;
      });
      if (count > 0) deps.messages.deliverSoon();
      return count;
    },

    listReplies: () => repository.replies.list(),
    createReply: (values: { title: string; body: string }) => repository.replies.create(values),
    async removeReply(id: string): Promise<void> {
      if (!(await repository.replies.remove(id))) throw HttpError.notFound("Saved reply not found");
    },
  };
}

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
