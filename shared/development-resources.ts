import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant, NO_CONTENT } from "./contract";
import { developmentResourcesApi } from "./development-resources.api";
import { flag, optionalText, optionalUrlOrPath, requiredText } from "./validation";
import type { developmentResources } from "./development-resources.table";
import { RESOURCE_CATEGORIES, RESOURCE_TYPES } from "./development-resources.values";
export * from "./development-resources.values";

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

/** A resource as the API answers it. */
export const developmentResourceSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    category: z.enum(RESOURCE_CATEGORIES),
    resourceType: z.enum(RESOURCE_TYPES),
    contentUrl: z.string().nullable(),
    embedUrl: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    downloadUrl: z.string().nullable(),
    /** Minutes. */
    duration: z.int().nullable(),
    /** 1 when members see it, 0 for a draft. */
    isPublished: z.int(),
    createdAt: instant,
  })
  .meta({ id: "DevelopmentResource" });

/** A resource as JSON carries it: what the client receives. */
export type DevelopmentResource = z.output<typeof developmentResourceSchema>;
/** A row of the table, as the server reads it. */
export type DevelopmentResourceRow = typeof developmentResources.$inferSelect;
export type InsertDevelopmentResource = z.infer<typeof insertDevelopmentResourceSchema>;
export type InsertDevelopmentResourceInput = z.input<typeof insertDevelopmentResourceSchema>;
export type UpdateDevelopmentResource = z.infer<typeof updateDevelopmentResourceSchema>;
export type UpdateDevelopmentResourceInput = z.input<typeof updateDevelopmentResourceSchema>;

const NOT_FOUND = { 404: apiErrorSchema };

/** docs/product.md, "Artist development", "Resources" and "API". */
export const developmentResourcesContract = defineContract("developmentResources", developmentResourcesApi, {
  listPublished: {
    summary: "Published resources, newest first, of one category or all",
    query: developmentResourceQuerySchema,
    responses: { 200: z.array(developmentResourceSchema) },
  },
  listAll: {
    summary: "Every resource, drafts included, newest first",
    responses: { 200: z.array(developmentResourceSchema) },
  },
  create: {
    summary: "Adds a resource (published unless isPublished is 0)",
    body: insertDevelopmentResourceSchema,
    responses: { 201: developmentResourceSchema },
  },
  update: {
    summary: "Changes the fields sent",
    params: idParams,
    body: updateDevelopmentResourceSchema,
    responses: { 200: developmentResourceSchema, ...NOT_FOUND },
  },
  remove: {
    summary: "Deletes a resource",
    params: idParams,
    responses: { 204: NO_CONTENT, ...NOT_FOUND },
  },
});
