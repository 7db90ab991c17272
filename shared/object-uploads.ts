import { z } from "zod";
import { apiErrorSchema, defineContract } from "./contract";
import { objectUploadsApi } from "./object-uploads.api";
import type { objectUploads } from "./object-uploads.table";
import { UPLOAD_PURPOSES, type UploadPurpose } from "./object-uploads.values";
import { audioKindOf, AUDIO_TYPES_MESSAGE, SUBMISSION_MAX_BYTES } from "./submissions.values";

export { UPLOAD_PURPOSES, type UploadPurpose } from "./object-uploads.values";

export type ObjectUpload = typeof objectUploads.$inferSelect;

/** The largest logo: the picker, the upload address and the label save all hold to it. */
export const LOGO_MAX_BYTES = 5_242_880;
/** The same limit in megabytes, as the messages name it ("5MB"). */
export const LOGO_MAX_MB = LOGO_MAX_BYTES / 1024 / 1024;

/**
 * The widest and tallest an uploaded image may be, in pixels. A small file can declare a huge
 * picture (one colour compresses to almost nothing), and whatever draws it must decode every
 * pixel: 8000 × 8000 is a quarter of a gigabyte of memory. Checked from the file's header.
 */
export const IMAGE_MAX_SIDE_PX = 4096;
export const IMAGE_TOO_LARGE_MESSAGE = `Images may be at most ${IMAGE_MAX_SIDE_PX} × ${IMAGE_MAX_SIDE_PX} pixels`;

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
  if (file.type === "image/svg+xml" || /\.svgz?$/i.test(file.name))
    return `SVG logos can't be used. ${CHOOSE_LOGO_TYPE}`;
  return `This file can't be used as a logo. ${CHOOSE_LOGO_TYPE}`;
}

/**
 * Image types a store release's cover may have: what every music player and shop shows. GIF is
 * left out (an animated cover is not a cover), and so is SVG, as for logos.
 */
export const COVER_CONTENT_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
] as const satisfies readonly LogoContentType[];
export type CoverContentType = (typeof COVER_CONTENT_TYPES)[number];

export function isCoverContentType(value: string | null | undefined): value is CoverContentType {
  return (COVER_CONTENT_TYPES as readonly string[]).includes(value ?? "");
}

/** The cover picker's `accept` list: exactly the types a cover may be. */
export const COVER_ACCEPT = COVER_CONTENT_TYPES.join(",");
export const COVER_TYPES_MESSAGE = "A cover must be a JPEG, PNG or WebP image";

/**
 * Why a chosen file cannot be a cover, in words for the person choosing it, or null when it can.
 * Checked before anything is sent; the upload address and the save hold the file to it again.
 */
export function coverFileProblem(file: { type: string; size: number }): string | null {
  if (!isCoverContentType(file.type)) return "This file can't be a cover. Choose a JPEG, PNG or WebP image.";
  if (file.size > LOGO_MAX_BYTES) {
    const mb = (file.size / 1024 / 1024).toFixed(1);
    return `This image is too large (${mb}MB). A cover may be at most ${LOGO_MAX_MB}MB.`;
  }
  return null;
}

/** Whether a stored object may serve `purpose`: its type and size within that purpose's limits. */
export function fitsUploadPurpose(
  purpose: UploadPurpose,
  object: { contentType: string | null | undefined; size: number },
): boolean {
  switch (purpose) {
    case "logo":
      return isLogoContentType(object.contentType) && object.size <= LOGO_MAX_BYTES;
    case "submission":
      return audioKindOf(object.contentType) !== null && object.size <= SUBMISSION_MAX_BYTES;
    case "cover":
      return isCoverContentType(object.contentType) && object.size <= LOGO_MAX_BYTES;
  }
}

/**
 * Issued uploads are served at "/objects/uploads/<id>", the id a UUID the server picked; a
 * path in any other form was not issued by this app.
 */
const UPLOADS_PATH_PREFIX = "/objects/uploads/";
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUploadId(id: string): boolean {
  return UPLOAD_ID.test(id);
}

/** The path an upload is served at, the value a label logo stores. */
export function uploadObjectPath(id: string): string {
  if (!isUploadId(id)) throw new Error("not an upload id");
  return `${UPLOADS_PATH_PREFIX}${id}`;
}

/** The upload id in an object path the app issued, or null for any other path. */
export function uploadIdFromObjectPath(objectPath: string): string | null {
  if (!objectPath.startsWith(UPLOADS_PATH_PREFIX)) return null;
  const id = objectPath.slice(UPLOADS_PATH_PREFIX.length);
  return isUploadId(id) ? id : null;
}

/**
 * POST /api/objects/upload. The body may be empty (a logo); a client may name the file's type so
 * that the upload address only accepts that type (the GCS signed URL needs it). A submission's
 * audio names its purpose, type and size: the size is checked before any byte is sent (413).
 */
export const createUploadSchema = z
  .object({
    purpose: z.enum(UPLOAD_PURPOSES, { message: "Unknown purpose" }).optional(),
    contentType: z.string().trim().toLowerCase().optional(),
    size: z.int({ message: "Enter the file's size in bytes" }).min(1, "The file is empty").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.purpose === "submission") {
      if (!value.contentType) ctx.addIssue({ code: "custom", path: ["contentType"], message: "Required" });
      else if (!audioKindOf(value.contentType))
        ctx.addIssue({ code: "custom", path: ["contentType"], message: AUDIO_TYPES_MESSAGE });
      if (value.size === undefined) ctx.addIssue({ code: "custom", path: ["size"], message: "Required" });
    } else if (value.purpose === "cover" && value.contentType !== undefined && !isCoverContentType(value.contentType)) {
      ctx.addIssue({ code: "custom", path: ["contentType"], message: COVER_TYPES_MESSAGE });
    } else if (value.contentType !== undefined && !isLogoContentType(value.contentType)) {
      ctx.addIssue({
        code: "custom",
        path: ["contentType"],
        message: "Only PNG, JPEG, GIF or WebP images can be uploaded",
      });
    }
  });
export type CreateUpload = z.infer<typeof createUploadSchema>;

/** The answer of POST /api/objects/upload: where to PUT the file, and the path that serves it. */
export const uploadParametersSchema = z
  .object({
    /** A signed address that takes one PUT of the file, with its own Content-Type. */
    uploadURL: z.string(),
    /** Where the upload is served once there, the value a label logo stores. */
    objectPath: z.string(),
  })
  .meta({ id: "UploadParameters" });
export type UploadParameters = z.output<typeof uploadParametersSchema>;

/** docs/product.md, "Label settings" (the logo). */
export const objectUploadsContract = defineContract("objectUploads", objectUploadsApi, {
  issue: {
    summary: "An address to PUT one file to, and the path that will serve it",
    description:
      "The body may be empty; naming the file's contentType makes the address accept only that type. " +
      'A submission\'s audio sends { purpose: "submission", contentType, size }: MP3, WAV or FLAC, at most 100MB (413). ' +
      'A store release\'s cover sends { purpose: "cover", contentType }: JPEG, PNG or WebP, at most 5MB. ' +
      "The file itself is PUT to uploadURL as raw bytes, not JSON.",
    body: createUploadSchema,
    responses: { 200: uploadParametersSchema, 413: apiErrorSchema },
  },
});
