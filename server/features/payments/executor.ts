import type { Database } from "../../db/database";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** The pool or an open transaction, so a webhook event is handled in one transaction. */
export type Executor = Database | Transaction;
