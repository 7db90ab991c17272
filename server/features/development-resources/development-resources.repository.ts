import { and, desc, eq, type SQL } from "drizzle-orm";
import type {
  DevelopmentResourceRow,
  InsertDevelopmentResource,
  ResourceCategory,
  UpdateDevelopmentResource,
} from "@shared/development-resources";
import { developmentResources } from "@shared/development-resources.table";
import type { Database } from "../../db/database";

export function createDevelopmentResourcesRepository(db: Database) {
  function list(where?: SQL): Promise<DevelopmentResourceRow[]> {
    return db
      .select()
      .from(developmentResources)
      .where(where)
      .orderBy(desc(developmentResources.createdAt), desc(developmentResources.id));
  }

  return {
    listPublished(category?: ResourceCategory) {
      const published = eq(developmentResources.isPublished, 1);
      return list(category ? and(published, eq(developmentResources.category, category)) : published);
    },

    listAll() {
      return list();
    },

    async create(values: InsertDevelopmentResource): Promise<DevelopmentResourceRow> {
      const [row] = await db.insert(developmentResources).values(values).returning();
      return row;
    },

    async update(id: string, values: UpdateDevelopmentResource): Promise<DevelopmentResourceRow | undefined> {
      if (Object.keys(values).length === 0) {
        const [row] = await db.select().from(developmentResources).where(eq(developmentResources.id, id));
        return row;
      }
      const [row] = await db
        .update(developmentResources)
        .set(values)
        .where(eq(developmentResources.id, id))
        .returning();
      return row;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(developmentResources)
        .where(eq(developmentResources.id, id))
        .returning({ id: developmentResources.id });
      return rows.length > 0;
    },
  };
}

export type DevelopmentResourcesRepository = ReturnType<typeof createDevelopmentResourcesRepository>;
