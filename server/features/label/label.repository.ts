import { eq } from "drizzle-orm";
import { objectUploads, type ObjectUpload } from "@shared/object-uploads";
import { users, type UpdateLabel, type User } from "@shared/users";
import type { Database } from "../../db/database";

export function createLabelRepository(db: Database) {
  return {
    /** Who an object path was issued to (read-only here; the objects feature writes it). */
    async findIssuedUpload(objectPath: string): Promise<Pick<ObjectUpload, "userId"> | undefined> {
      const [row] = await db
        .select({ userId: objectUploads.userId })
        .from(objectUploads)
        .where(eq(objectUploads.objectPath, objectPath))
        .limit(1);
      return row;
    },

    async updateLabel(userId: string, label: UpdateLabel): Promise<User | undefined> {
      const [user] = await db
        .update(users)
        .set({ labelName: label.labelName, labelLogoUrl: label.labelLogoUrl, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      return user;
    },

    /**
     * Saves the label with a new logo while holding the logo's upload record (FOR SHARE), so
     * the clean-up of unclaimed uploads cannot remove it between the check and the save.
     * "gone" when the record no longer belongs to the user (removed meanwhile).
     */
    async updateLabelWithNewLogo(userId: string, label: UpdateLabel): Promise<User | undefined | "gone"> {
      return db.transaction(async (tx) => {
        const [upload] = await tx
          .select({ userId: objectUploads.userId })
          .from(objectUploads)
          .where(eq(objectUploads.objectPath, label.labelLogoUrl))
          .for("share");
        if (upload?.userId !== userId) return "gone";
        const [user] = await tx
          .update(users)
          .set({ labelName: label.labelName, labelLogoUrl: label.labelLogoUrl, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        return user;
      });
    },
  };
}

export type LabelRepository = ReturnType<typeof createLabelRepository>;
