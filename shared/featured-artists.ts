import { z } from "zod";
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

export type FeaturedArtist = typeof featuredArtists.$inferSelect;
export type InsertFeaturedArtist = z.infer<typeof insertFeaturedArtistSchema>;
export type InsertFeaturedArtistInput = z.input<typeof insertFeaturedArtistSchema>;
export type UpdateFeaturedArtist = z.infer<typeof updateFeaturedArtistSchema>;
/** The PATCH body as a client sends it (before the schema's transforms). */
export type UpdateFeaturedArtistInput = z.input<typeof updateFeaturedArtistSchema>;

/** A featured artist as the API sends it (createdAt an ISO string). */
export type FeaturedArtistResponse = Omit<FeaturedArtist, "createdAt"> & { createdAt: string };
