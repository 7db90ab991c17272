import { and, desc, eq, isNotNull, or } from "drizzle-orm";
import type { LabelContact, UpdateLabel, User } from "@shared/users";
import { users } from "@shared/users.table";
import type { Database, Executor } from "../../db/database";

export function createLabelRepository(db: Database) {
  return {
    async updateLabel(userId: string, label: UpdateLabel, tx: Executor = db): Promise<User | undefined> {
      const [user] = await tx
        .update(users)
        .set({
          labelName: label.labelName,
          labelLogoUrl: label.labelLogoUrl,
          // Left out of the request (undefined): kept as they are.
          labelContactPhone: label.labelContactPhone,
          labelContactEmail: label.labelContactEmail,
          labelPostalAddress: label.labelPostalAddress,
          labelReturnAddress: label.labelReturnAddress,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      return user;
    },

    /**
     * The contact details an administrator set, the most recently saved first (as the label's
     * name on show pages); undefined when no administrator set any.
     */
    async administratorsContact(): Promise<LabelContact | undefined> {
      const [row] = await db
        .select({ phone: users.labelContactPhone, email: users.labelContactEmail })
        .from(users)
        .where(and(eq(users.role, "admin"), or(isNotNull(users.labelContactPhone), isNotNull(users.labelContactEmail))))
        .orderBy(desc(users.updatedAt))
        .limit(1);
      return row;
    },
  };
}

export type LabelRepository = ReturnType<typeof createLabelRepository>;
