import { and, eq, isNull } from "drizzle-orm";
import { objectUploads, type ObjectUpload } from "@shared/object-uploads";
import type { Database } from "../../db/database";

export function createObjectsRepository(db: Database) {
  return {
    async recordIssued(values: { userId: string; objectPath: string; contentType: string | null }): Promise<void> {
      await db.insert(objectUploads).values(values);
    },

    async findByPath(objectPath: string): Promise<ObjectUpload | undefined> {
      const [row] = await db.select().from(objectUploads).where(eq(objectUploads.objectPath, objectPath)).limit(1);
      return row;
    },

    async markUploaded(objectPath: string, info: { contentType: string; size: number }): Promise<void> {
      await db
        .update(objectUploads)
        .set({ ...info, uploadedAt: new Date() })
        .where(and(eq(objectUploads.objectPath, objectPath), isNull(objectUploads.uploadedAt)));
    },
  };
}

export type ObjectsRepository = ReturnType<typeof createObjectsRepository>;
