import { sql } from "drizzle-orm";
import type { Transaction } from "./executor";
import type { UnpaidHolder } from "./unpaid-holds";

/**
 * Serialises checkouts started by one address or for one e-mail (on every instance), so that
 * counting the holds and adding one cannot interleave and overshoot the limit. The locks end
 * with the transaction; addresses are always taken before e-mails, so two checkouts never
 * wait on each other in a circle.
 */
export async function lockUnpaidHolder(tx: Transaction, kind: string, holder: UnpaidHolder): Promise<void> {
  const address = `unpaid:${kind}:address:${holder.clientAddress}`;
  const email = `unpaid:${kind}:email:${holder.email.toLowerCase()}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${address})), pg_advisory_xact_lock(hashtext(${email}))`);
}
