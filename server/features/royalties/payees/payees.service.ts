import { PAYEE_NOT_FOUND, type AdvanceInput, type PayeeInput } from "@shared/royalty-catalogue";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { advancesOf, insertAdvance, payeeSplits, readPayee, savePayee } from "./payees.repository";

async function payeeOr404(db: Database, id: string) {
  const payee = await readPayee(db, id);
  if (!payee) throw HttpError.notFound(PAYEE_NOT_FOUND);
  return payee;
}

/** A payee with their advances and the splits they are on. */
export async function getPayee(db: Database, id: string) {
  const payee = await payeeOr404(db, id);
  const [advances, splits] = await Promise.all([advancesOf(db, id), payeeSplits(db, id)]);
  return { ...payee, advances, splits };
}

export async function updatePayee(db: Database, id: string, input: PayeeInput) {
  const payee = await savePayee(db, id, input);
  if (!payee) throw HttpError.notFound(PAYEE_NOT_FOUND);
  return payee;
}

export async function listAdvances(db: Database, payeeId: string) {
  await payeeOr404(db, payeeId);
  return advancesOf(db, payeeId);
}

export async function createAdvance(db: Database, payeeId: string, input: AdvanceInput) {
  await payeeOr404(db, payeeId);
  return insertAdvance(db, payeeId, input);
}
