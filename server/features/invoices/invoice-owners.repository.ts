import { eq } from "drizzle-orm";
import { users } from "@shared/users.table";
import type { Database } from "../../db/database";

type Reader = Pick<Database, "select">;

/** The member behind an invoice, as its documents and e-mails name them. */
export function createInvoiceOwners(db: Database) {
  return {
    async find(executor: Reader | undefined, userId: string) {
      const [owner] = await (executor ?? db)
        .select({ email: users.email, labelName: users.labelName, labelLogoUrl: users.labelLogoUrl })
        .from(users)
        .where(eq(users.id, userId));
      return owner;
    },
  };
}

export type InvoiceOwners = ReturnType<typeof createInvoiceOwners>;
