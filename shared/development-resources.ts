import { z } from "zod";
import { flag, optionalText, optionalUrlOrPath, requiredText } from "./validation";
import type { developmentResources } from "./development-resources.table";

export const RESOURCE_CATEGORIES = ["marketing", "production", "legal", "performance"] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export const RESOURCE_TYPES = ["video", "article", "guide", "tutorial", "template", "other"] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

const developmentResourceFields = {
  title: requiredText(200),
  description: optionalText(2000),
  category: z.enum(RESOURCE_CATEGORIES),
  resourceType: z.enum(RESOURCE_TYPES),
  contentUrl: optionalUrlOrPath,
  embedUrl: optionalUrlOrPath,
  thumbnailUrl: optionalUrlOrPath,
  downloadUrl: optionalUrlOrPath,
  duration: z.int().min(0).max(100_000).nullish(),
  isPublished: flag,
};

// Written field by field, not derived from the table, so the client's bundle carries no table
// code; shared/request-schemas.test.ts checks the fields against the columns.
export const insertDevelopmentResourceSchema = z.object({
  ...developmentResourceFields,
  isPublished: flag.default(1),
});

/** PATCH body: any subset, with no defaults filled in for missing fields. */
export const updateDevelopmentResourceSchema = z.object(developmentResourceFields).partial();

/** GET /api/development-resources?category= */
export const developmentResourceQuerySchema = z.object({
  category: z.enum(RESOURCE_CATEGORIES).optional(),
});

export type DevelopmentResource = typeof developmentResources.$inferSelect;
export type InsertDevelopmentResource = z.infer<typeof insertDevelopmentResourceSchema>;
export type InsertDevelopmentResourceInput = z.input<typeof insertDevelopmentResourceSchema>;
export type UpdateDevelopmentResource = z.infer<typeof updateDevelopmentResourceSchema>;
export type UpdateDevelopmentResourceInput = z.input<typeof updateDevelopmentResourceSchema>;

/** A resource as JSON carries it (dates as ISO strings). */
export type DevelopmentResourceResponse = Omit<DevelopmentResource, "createdAt"> & { createdAt: string };
