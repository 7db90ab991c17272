import { and, asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { payees, releases, royaltyAdvances, royaltySplits, tracks } from "@shared/royalties.table";
import type { AdvanceInput, PayeeInput } from "@shared/royalty-catalogue";
import type { Database } from "../../../db/database";
import { contains, LIST_LIMIT, searchWords } from "../search";

const payeeAnswer = {
  id: payees.id,
  name: payees.name,
  email: payees.email,
  artistName: payees.artistName,
  platformShare: payees.platformShare,
  createdAt: payees.createdAt,
};

/** Payees by name, or those whose name, e-mail or artist name holds every word of `q` (any order, any case). */
export async function listPayees(db: Database, q: string | undefined) {
  const words = q ? searchWords(q) : [];
  const byWord = (word: string) => {
    const pattern = contains(word);
    return or(ilike(payees.name, pattern), ilike(payees.email, pattern), ilike(payees.artistName, pattern));
  };
  return db
    .select(payeeAnswer)
    .from(payees)
    .where(words.length > 0 ? and(...words.map(byWord)) : undefined)
    .orderBy(sql`lower(${payees.name})`, asc(payees.id))
    .limit(LIST_LIMIT);
}

export async function readPayee(db: Database, id: string) {
  const [row] = await db.select(payeeAnswer).from(payees).where(eq(payees.id, id));
  return row;
}

export async function createPayee(db: Database, input: PayeeInput) {
  const [row] = await db.insert(payees).values(input).returning(payeeAnswer);
  return row;
}

export async function savePayee(db: Database, id: string, input: PayeeInput) {
  const [row] = await db.update(payees).set(input).where(eq(payees.id, id)).returning(payeeAnswer);
  return row;
}

/** A payee's splits with the titles they are on: a release's, or a track's with its release. */
export async function payeeSplits(db: Database, payeeId: string) {
  const { rows } = await db.execute<{
    releaseId: string;
    releaseTitle: string;
    trackId: string | null;
    trackTitle: string | null;
    share: string;
  }>(sql`
    select r.id as "releaseId", r.title as "releaseTitle", t.id as "trackId", t.title as "trackTitle",
           s.share::text as share
      from ${royaltySplits} s
      left join ${tracks} t on t.id = s.track_id
      join ${releases} r on r.id = coalesce(s.release_id, t.release_id)
     where s.payee_id = ${payeeId}
     order by lower(r.title), r.id, t.position nulls first, t.id`);
  return rows;
}

export function advancesOf(db: Database, payeeId: string) {
  return db
    .select()
    .from(royaltyAdvances)
    .where(eq(royaltyAdvances.payeeId, payeeId))
    .orderBy(desc(royaltyAdvances.date), desc(royaltyAdvances.createdAt), desc(royaltyAdvances.id));
}

export async function insertAdvance(db: Database, payeeId: string, input: AdvanceInput) {
  const [row] = await db
    .insert(royaltyAdvances)
    .values({ payeeId, amount: input.amount, date: input.date, note: input.note ?? null })
    .returning();
  return row;
}
