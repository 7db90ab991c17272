import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { z } from "zod";
import { users } from "./users";

/**
 * Upload keys the server issued, and to whom: a label logo may only point at an object issued
 * to the same user and actually uploaded (uploadedAt set); docs/decisions/010-object-uploads.md.
 */
export const objectUploads = pgTable(
  "object_uploads",
  {
    id: varchar("id").primaryKey().default(sql`gen_random_uuid()`),
    userId: varchar("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    objectPath: text("object_path").notNull().unique(),
    contentType: text("content_type"),
    size: integer("size"),
    createdAt: timestamp("created_at").defaultNow().notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }),
  },
  (table) => [
    index("object_uploads_user_id_idx").on(table.userId),
    // The hourly clean-up looks for uploads older than a day.
    index("object_uploads_created_at_idx").on(table.createdAt),
  ],
);

export type ObjectUpload = typeof objectUploads.$inferSelect;

/**
 * Image types a logo may have. SVG is left out on purpose: it can carry script, and logos are
 * served from the app's own origin.
 */
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export function isLogoContentType(value: string | null | undefined): value is LogoContentType {
  return (LOGO_CONTENT_TYPES as readonly string[]).includes(value ?? "");
}

/** The logo picker's `accept` list: exactly the types the server takes, so the picker offers no others. */
export const LOGO_ACCEPT = LOGO_CONTENT_TYPES.join(",");

const CHOOSE_LOGO_TYPE = "Choose a PNG, JPG, GIF or WebP image.";

/**
 * Why a chosen file cannot be a logo, in words for the person choosing it, or null when it
 * can. Checked before anything is sent; the server applies the same type rule on its own.
 */
export function logoFileProblem(file: { type: string; name: string }): string | null {
  if (isLogoContentType(file.type)) return null;
  if (file.type === "image/svg+xml" || /\.svgz?$/i.test(file.name)) return `SVG logos can't be used. ${CHOOSE_LOGO_TYPE}`;
  return `This file can't be used as a logo. ${CHOOSE_LOGO_TYPE}`;
}

/**
 * POST /api/objects/upload. The body may be empty; a client may name the file's type so that
 * the upload address only accepts that type (the GCS signed URL needs it).
 */
export const createUploadSchema = z.object({
  contentType: z
    .string()
    .trim()
    .toLowerCase()
    .refine(isLogoContentType, "Only PNG, JPEG, GIF or WebP images can be uploaded")
    .optional(),
});
export type CreateUpload = z.infer<typeof createUploadSchema>;

/** The answer of POST /api/objects/upload: where to PUT the file, and the path that serves it. */
export interface UploadParameters {
  uploadURL: string;
  objectPath: string;
}
