import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { ResourceCategory, ResourceType } from "./development-resources.values";

export const developmentResources = pgTable(
  "development_resources",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    title: text("title").notNull(),
    description: text("description"),
    // Text columns that only the request schemas write, so they hold one of the listed values.
    category: text("category").$type<ResourceCategory>().notNull(),
    resourceType: text("resource_type").$type<ResourceType>().notNull(),
    contentUrl: text("content_url"),
    embedUrl: text("embed_url"),
    thumbnailUrl: text("thumbnail_url"),
    downloadUrl: text("download_url"),
    /** Minutes. */
    duration: integer("duration"),
    isPublished: integer("is_published").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  // The page lists published resources, optionally filtered by category.
  (table) => [index("development_resources_category_published_idx").on(table.category, table.isPublished)],
);
