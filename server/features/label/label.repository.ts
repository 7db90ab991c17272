import { eq } from "drizzle-orm";
import type { UpdateLabel, User } from "@shared/users";
import { users } from "@shared/users.table";
import type { Database, Executor } from "../../db/database";

export function createLabelRepository(db: Database) {
  return {
    async updateLabel(userId: string, label: UpdateLabel, tx: Executor = db): Promise<User | undefined> {
      const [user] = await tx
        .update(users)
        .set({ labelName: label.labelName, labelLogoUrl: label.labelLogoUrl, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return user;
    },
  };
}

export type LabelRepository = ReturnType<typeof createLabelRepository>;
