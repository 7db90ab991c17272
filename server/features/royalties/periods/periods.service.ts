import type { CreateRoyaltyPeriod, RoyaltyPeriod } from "@shared/royalty-statements";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../lib/http-error";
import { closePeriod, type ClosingDeps } from "./closing";
import { insertPeriod, readPeriod } from "./periods.repository";

export async function getPeriod(db: Database, id: string): Promise<RoyaltyPeriod> {
  const found = await readPeriod(db, id);
  if (!found) throw HttpError.notFound("No such period");
  return found;
}

export async function createPeriod(db: Database, input: CreateRoyaltyPeriod): Promise<RoyaltyPeriod> {
  return getPeriod(db, await insertPeriod(db, input));
}

/** Closes the period, then starts delivering the e-mails the closing queued once it committed. */
export async function closePeriodAndTell(
  deps: ClosingDeps & { deliverSoon: () => void },
  id: string,
  userId: string,
): Promise<RoyaltyPeriod> {
  await closePeriod(deps, id, userId);
  deps.deliverSoon();
  return getPeriod(deps.db, id);
}
