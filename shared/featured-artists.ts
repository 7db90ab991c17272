import { z } from "zod";
import { apiErrorSchema, defineContract, idParams, instant, NO_CONTENT } from "./contract";
import { featuredArtistsApi } from "./featured-artists.api";
import { flag, optionalText, optionalUrlOrPath, requiredText, urlOrPath } from "./validation";
import type { featuredArtists } from "./featured-artists.table";

const featuredArtistFields = {
  artistName: requiredText(200),
  bio: optionalText(5000),
  imageUrl: urlOrPath,
  videoUrl: optionalUrlOrPath,
  songUrl: optionalUrlOrPath,
  month: requiredText(50),
  isActive: flag,
};

// Written field by field, not derived from the table, so the client's bundle carries no table
// code; shared/request-schemas.test.ts checks the fields against the columns.
export const insertFeaturedArtistSchema = z.object({
  ...featuredArtistFields,
  isActive: flag.default(0),
});

/** PATCH body: any subset, with no defaults filled in for missing fields. */
export const updateFeaturedArtistSchema = z.object(featuredArtistFields).partial();

/** A featured artist as the API answers it. */
export const featuredArtistSchema = z
  .object({
    id: z.string(),
    artistName: z.string(),
    bio: z.string().nullable(),
    imageUrl: z.string(),
    videoUrl: z.string().nullable(),
    songUrl: z.string().nullable(),
    /** Display text such as "November 2026". */
    month: z.string(),
    /** 1 for the one Artist of the Month, else 0. */
    isActive: z.int(),
    createdAt: instant,
  })
  .meta({ id: "FeaturedArtist" });

/** A featured artist as JSON carries it: what the client receives. */
export type FeaturedArtist = z.output<typeof featuredArtistSchema>;
/** A row of the table, as the server reads it. */
export type FeaturedArtistRow = typeof featuredArtists.$inferSelect;
export type InsertFeaturedArtist = z.infer<typeof insertFeaturedArtistSchema>;
export type InsertFeaturedArtistInput = z.input<typeof insertFeaturedArtistSchema>;
export type UpdateFeaturedArtist = z.infer<typeof updateFeaturedArtistSchema>;
/** The PATCH body as a client sends it (before the schema's transforms). */
export type UpdateFeaturedArtistInput = z.input<typeof updateFeaturedArtistSchema>;

const NOT_FOUND = { 404: apiErrorSchema };

/** docs/product.md, "Featured artists" and "API". */
export const featuredArtistsContract = defineContract("featuredArtists", featuredArtistsApi, {
  list: {
    summary: "Every featured artist, newest month first",
    description: 'Months written like "November 2026", "Nov 2026" or "2026-11" sort as dates; others come after them.',
    responses: { 200: z.array(featuredArtistSchema) },
  },
  active: {
    summary: "The Artist of the Month, or null when none is active",
    responses: { 200: featuredArtistSchema.nullable() },
  },
  create: {
    summary: "Adds a featured artist; an active one ends any other",
    body: insertFeaturedArtistSchema,
    responses: { 201: featuredArtistSchema },
  },
  update: {
    summary: "Changes the fields sent; activating one deactivates the others",
    params: idParams,
    body: updateFeaturedArtistSchema,
    responses: { 200: featuredArtistSchema, ...NOT_FOUND },
  },
  remove: {
    summary: "Deletes a featured artist",
    params: idParams,
    responses: { 204: NO_CONTENT, ...NOT_FOUND },
  },
});
