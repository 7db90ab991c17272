import { stripeEvents } from "@shared/stripe-events.table";
import type { Database, Transaction } from "../../db/database";

export function createStripeEventsRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * Records the event; false when it was already recorded (a redelivery). A concurrent
     * delivery of the same event waits on the primary key until the first one commits.
     */
    async record(id: string, type: string, tx: Transaction): Promise<boolean> {
      const rows = await tx
        .insert(stripeEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return rows.length > 0;
    },
  };
}

export type StripeEventsRepository = ReturnType<typeof createStripeEventsRepository>;
