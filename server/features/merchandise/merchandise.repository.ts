import { asc, desc, eq } from "drizzle-orm";
import type { InsertMerchandise, MerchandiseRow, UpdateMerchandise } from "@shared/merchandise";
import { merchandise } from "@shared/merchandise.table";
import type { Database } from "../../db/database";

// Newest first; items added together (the demo content) fall back to name order.
const newestFirst = [desc(merchandise.createdAt), asc(merchandise.name)] as const;

export function createMerchandiseRepository(db: Database) {
  return {
    listAvailable(): Promise<MerchandiseRow[]> {
      return db
        .select()
        .from(merchandise)
        .where(eq(merchandise.isAvailable, 1))
        .orderBy(...newestFirst);
    },

    listAll(): Promise<MerchandiseRow[]> {
      return db
        .select()
        .from(merchandise)
        .orderBy(...newestFirst);
    },

    async create(values: InsertMerchandise): Promise<MerchandiseRow> {
      const [row] = await db.insert(merchandise).values(values).returning();
      return row;
    },

    async update(id: string, values: UpdateMerchandise): Promise<MerchandiseRow | undefined> {
      // An empty PATCH changes nothing but must still answer with the row.
      if (!Object.values(values).some((value) => value !== undefined)) {
        const [row] = await db.select().from(merchandise).where(eq(merchandise.id, id));
        return row;
      }
      const [row] = await db.update(merchandise).set(values).where(eq(merchandise.id, id)).returning();
      return row;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(merchandise).where(eq(merchandise.id, id)).returning({ id: merchandise.id });
      return rows.length > 0;
    },
  };
}

export type MerchandiseRepository = ReturnType<typeof createMerchandiseRepository>;
