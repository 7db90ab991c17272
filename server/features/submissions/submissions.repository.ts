import { and, asc, desc, eq, getTableColumns, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { submissionReplies, submissions } from "@shared/submissions.table";
import { users } from "@shared/users.table";
import { outboxMessages } from "@shared/outbox.table";
import type { SubmissionsQuery, SubmissionStatus } from "@shared/submissions";
import { SUBMISSIONS_LIST_LIMIT } from "@shared/submissions";
import type { Database, Transaction } from "../../db/database";

export type Executor = Database | Transaction;
export type SubmissionRow = typeof submissions.$inferSelect;
export type SubmissionWithMember = SubmissionRow & { memberEmail: string | null };

const UNDECIDED: SubmissionStatus[] = ["pending", "under-review"];

/** Past its reply-by date and still undecided, judged by the database's clock like the list's filter. */
const overdueSql = sql<boolean>`(${submissions.replyBy} < now() and ${submissions.status} in ('pending', 'under-review'))`;

/** `%`, `_` and `\` in a search are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createSubmissionsRepository(db: Database) {
  const columns = { ...getTableColumns(submissions), memberEmail: users.email };

  return {
    db,

    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * Serialises one member's submissions (every instance shares the database), so two at once
     * cannot both fit under the weekly limit.
     */
    async lockMember(tx: Transaction, userId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`submissions:${userId}`}))`);
    },

    /**
     * When the member may submit again: null while fewer than `limit` submissions fall in the
     * last `days` days, else the moment the oldest of the latest `limit` leaves the window.
     */
    async nextAllowedAt(executor: Executor, userId: string, limit: number, days: number): Promise<Date | null> {
      const rows = await executor
        .select({ at: sql<string>`(${submissions.submittedAt} + make_interval(days => ${days}))::text` })
        .from(submissions)
        .where(
          and(eq(submissions.userId, userId), sql`${submissions.submittedAt} > now() - make_interval(days => ${days})`),
        )
        .orderBy(desc(submissions.submittedAt))
        .offset(limit - 1)
        .limit(1);
      return rows[0] ? new Date(rows[0].at) : null;
    },

    async insert(
      tx: Transaction,
      values: Omit<typeof submissions.$inferInsert, "replyBy" | "submittedAt">,
      replyDays: number,
    ): Promise<SubmissionRow> {
      const [row] = await tx
        .insert(submissions)
        .values({ ...values, replyBy: sql`now() + make_interval(days => ${replyDays})` })
        .returning();
      return row;
    },

    async listForMember(userId: string): Promise<SubmissionRow[]> {
      return db
        .select()
        .from(submissions)
        .where(eq(submissions.userId, userId))
        .orderBy(desc(submissions.submittedAt), desc(submissions.id));
    },

    async findForMember(userId: string, id: string): Promise<SubmissionRow | undefined> {
      const [row] = await db
        .select()
        .from(submissions)
        .where(and(eq(submissions.id, id), eq(submissions.userId, userId)));
      return row;
    },

    async find(executor: Executor, id: string, forUpdate = false): Promise<SubmissionWithMember | undefined> {
      const query = executor
        .select(columns)
        .from(submissions)
        .leftJoin(users, eq(users.id, submissions.userId))
        .where(eq(submissions.id, id));
      const [row] = forUpdate ? await query.for("update", { of: submissions }) : await query;
      return row as SubmissionWithMember | undefined;
    },

    /** The A&R inbox: oldest first, so the longest waiting are answered first. */
    async list(query: SubmissionsQuery): Promise<SubmissionWithMember[]> {
      const filters: (SQL | undefined)[] = [
        query.status ? eq(submissions.status, query.status) : undefined,
        query.genre ? sql`lower(${submissions.genre}) = lower(${query.genre})` : undefined,
        query.overdue === true ? overdueSql : undefined,
        query.overdue === false ? sql`not ${overdueSql}` : undefined,
        query.q
          ? or(
              ilike(submissions.artistName, likePattern(query.q)),
              ilike(submissions.trackTitle, likePattern(query.q)),
              ilike(users.email, likePattern(query.q)),
            )
          : undefined,
      ];
      const rows = await db
        .select(columns)
        .from(submissions)
        .leftJoin(users, eq(users.id, submissions.userId))
        .where(and(...filters))
        .orderBy(asc(submissions.submittedAt), asc(submissions.id))
        .limit(SUBMISSIONS_LIST_LIMIT);
      return rows as SubmissionWithMember[];
    },

    async setStatus(
      tx: Transaction,
      id: string,
      change: { status: SubmissionStatus; feedback: string | null; decided: boolean },
    ): Promise<void> {
      await tx
        .update(submissions)
        .set({
          status: change.status,
          ...(change.feedback !== null ? { feedback: change.feedback } : {}),
          ...(change.decided ? { decidedAt: sql`now()` } : {}),
        })
        .where(eq(submissions.id, id));
    },

    /**
     * Whether this week's summary was queued already, under a lock that holds until `tx` ends:
     * instances running the job at once queue it once.
     */
    async claimSummaryWeek(tx: Transaction, week: string): Promise<boolean> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('submissions-overdue-summary'))`);
      const [sent] = await tx
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(and(eq(outboxMessages.template, "submissions-overdue-summary"), eq(outboxMessages.aboutId, week)))
        .limit(1);
      return !sent;
    },

    /** Undecided submissions past their reply-by date, oldest first (the weekly summary). */
    async overdue(executor: Executor = db): Promise<SubmissionRow[]> {
      return executor
        .select()
        .from(submissions)
        .where(and(inArray(submissions.status, UNDECIDED), lt(submissions.replyBy, sql`now()`)))
        .orderBy(asc(submissions.submittedAt));
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(submissions);
      return row.n;
    },

    replies: {
      list: () => db.select().from(submissionReplies).orderBy(asc(submissionReplies.title)),
      async create(values: { title: string; body: string }) {
        const [row] = await db.insert(submissionReplies).values(values).returning();
        return row;
      },
      async remove(id: string): Promise<boolean> {
        const rows = await db
          .delete(submissionReplies)
          .where(eq(submissionReplies.id, id))
          .returning({ id: submissionReplies.id });
        return rows.length > 0;
      },
    },
  };
}

export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;
