import type { Readable } from "node:stream";
import {
  COVER_TYPES_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  isCoverContentType,
  isLogoContentType,
  isUploadId,
  LOGO_MAX_BYTES,
  LOGO_MAX_MB,
  uploadIdFromObjectPath,
  uploadObjectPath,
  type CreateUpload,
  type UploadParameters,
} from "@shared/object-uploads";
import {
  AUDIO_TYPES_MESSAGE,
  audioKindOf,
  SUBMISSION_MAX_BYTES,
  SUBMISSION_TOO_LARGE_MESSAGE,
} from "@shared/submissions.values";
import { HttpError } from "../../lib/http-error";
import { isWithinImageLimit, readImageInfo } from "../../lib/images";
import {
  EmptyObjectError,
  ObjectExistsError,
  ObjectTooLargeError,
  UPLOAD_URL_TTL_SECONDS,
  documentLogoKey,
  newUploadId,
  uploadKey,
  type ObjectStorage,
  type StoredObject,
  type UploadUrlQuery,
} from "../../integrations/object-storage";
import { sniffAudioKind } from "./audio-signature";
import { sniffImageType } from "./image-signature";
import type { CleanupCursor, ObjectsRepository } from "./objects.repository";

const IMAGE_TYPES_MESSAGE = "Only PNG, JPEG, GIF or WebP images can be uploaded";
const TOO_LARGE_MESSAGE = `Maximum file size is ${LOGO_MAX_MB}MB`;

function unsupported(message = IMAGE_TYPES_MESSAGE) {
  return new HttpError(415, message);
}

export interface IncomingUpload {
  id: string;
  query: UploadUrlQuery;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: Readable;
}

/** An upload that nothing refers to this long after it was issued is removed. */
export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * What a member's submission audio may take in a day, apart from the logo quota (a track is
 * bigger than the whole of it): five files at the largest size. Submitted files stay, but only
 * the last day's uploads count, and unsubmitted ones are removed after a day anyway.
 */
export const SUBMISSION_UPLOAD_QUOTA_BYTES = 5 * SUBMISSION_MAX_BYTES;
const CLEANUP_BATCH = 100;

export function createObjectsService(deps: {
  repository: ObjectsRepository;
  storage: ObjectStorage;
  quotaBytes: number;
}) {
  const { repository, storage } = deps;

  /**
   * A submission's audio: MP3, WAV or FLAC by its first bytes (the kind its type names), at most
   * 100MB counted as it streams. Not an image, so never served publicly.
   */
  async function receiveAudio(
    upload: IncomingUpload,
    objectPath: string,
    issued: { uploadedAt: Date | null },
    contentType: string | undefined,
  ) {
    if (storage.driver !== "local") throw HttpError.notFound("Uploads go directly to object storage");
    const kind = audioKindOf(contentType);
    if (!kind || !contentType) throw unsupported(AUDIO_TYPES_MESSAGE);
    if (upload.query.type && upload.query.type !== contentType) {
      throw unsupported("The file's type does not match the upload request");
    }
    if (Number(upload.contentLength) > SUBMISSION_MAX_BYTES) throw new HttpError(413, SUBMISSION_TOO_LARGE_MESSAGE);
    if (issued.uploadedAt) throw HttpError.conflict("This upload link has already been used");
    try {
      const info = await storage.write(uploadKey(upload.id), upload.body, {
        contentType,
        maxBytes: SUBMISSION_MAX_BYTES,
        checkHead: (head) => {
          if (sniffAudioKind(head) !== kind) throw unsupported("The file is not the audio type it claims to be");
        },
      });
      await repository.markUploaded(objectPath, info);
      return { objectPath, ...info };
    } catch (error) {
      if (error instanceof ObjectTooLargeError) throw new HttpError(413, SUBMISSION_TOO_LARGE_MESSAGE);
      if (error instanceof ObjectExistsError) throw HttpError.conflict("This upload link has already been used");
      if (error instanceof EmptyObjectError) throw HttpError.badRequest("The file is empty");
      throw error;
    }
  }

  const quotaMessage = `Upload limit reached: your uploads may take ${Math.floor(deps.quotaBytes / 1024 / 1024)}MB. Uploads you do not use are removed after a day.`;

  return {
    /** The server picks the key (docs/decisions/010-object-uploads.md) and records who it was issued to. */
    async issueUpload(userId: string, request: CreateUpload = {}): Promise<UploadParameters> {
      const { contentType } = request;
      const purpose = request.purpose ?? "logo";
      // A GCS signed URL is bound to one content type, so it has to be named up front.
      if (storage.driver === "gcs" && !contentType) {
        throw HttpError.badRequest("Name the image type (contentType) to upload", { contentType: ["Required"] });
      }
      // Refused before any byte is sent; the PUT and the claim hold the file to it again.
      if (purpose === "submission" && (request.size ?? 0) > SUBMISSION_MAX_BYTES) {
        throw new HttpError(413, SUBMISSION_TOO_LARGE_MESSAGE);
      }
      const id = newUploadId();
      const objectPath = uploadObjectPath(id);
      const maxBytes = purpose === "submission" ? (request.size ?? SUBMISSION_MAX_BYTES) : LOGO_MAX_BYTES;
      const recorded = await repository.recordIssuedWithinQuota(
        { userId, objectPath, contentType: contentType ?? null, purpose },
        {
          quotaBytes: purpose === "submission" ? SUBMISSION_UPLOAD_QUOTA_BYTES : deps.quotaBytes,
          maxBytes,
          liveSince: new Date(Date.now() - UPLOAD_URL_TTL_SECONDS * 1000),
          // The local driver records every upload it receives, so an expired address without a
          // size was never used; with GCS the browser uploads directly and the size is unknown.
          unknownBytes: storage.driver === "local" ? 0 : maxBytes,
          since: purpose === "submission" ? new Date(Date.now() - UNCLAIMED_UPLOAD_TTL_MS) : undefined,
        },
      );
      if (!recorded) throw HttpError.tooMany(quotaMessage);
      const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
      const uploadURL = await storage.createUploadUrl(uploadKey(id), { expiresAt, contentType });
      return { uploadURL, objectPath };
    },

    /** The PUT of a local upload address: token, type, size, then an atomic write. */
    async receiveUpload(upload: IncomingUpload) {
      if (storage.driver !== "local") throw HttpError.notFound("Uploads go directly to object storage");
      if (!isUploadId(upload.id)) throw HttpError.forbidden("This upload link is not valid");
      const check = storage.checkUploadUrl(upload.id, upload.query);
      if (check === "expired") throw HttpError.forbidden("This upload link has expired. Please try again.");
      if (check !== "valid") throw HttpError.forbidden("This upload link is not valid");

      const contentType = upload.contentType?.split(";")[0].trim().toLowerCase();
      const objectPath = uploadObjectPath(upload.id);
      const issued = await repository.findByPath(objectPath);
      if (issued?.purpose === "submission") return receiveAudio(upload, objectPath, issued, contentType);
      if (!isLogoContentType(contentType)) throw unsupported();
      if (issued?.purpose === "cover" && !isCoverContentType(contentType)) throw unsupported(COVER_TYPES_MESSAGE);
      if (upload.query.type && upload.query.type !== contentType) {
        throw unsupported("The file's type does not match the upload request");
      }
      if (Number(upload.contentLength) > LOGO_MAX_BYTES) throw new HttpError(413, TOO_LARGE_MESSAGE);

      if (!issued) throw HttpError.notFound("Upload not found");
      // Keys are never reused: what is served under one is cached as immutable.
      if (issued.uploadedAt) throw HttpError.conflict("This upload link has already been used");

      try {
        const info = await storage.write(uploadKey(upload.id), upload.body, {
          contentType,
          maxBytes: LOGO_MAX_BYTES,
          checkHead: (head) => {
            if (sniffImageType(head) !== contentType)
              throw unsupported("The file is not the image type it claims to be");
          },
          // Its header says how many pixels it holds (docs/decisions/022-documents-off-the-main-thread.md).
          checkStored: async (file) => {
            const image = await readImageInfo(file);
            if (image?.contentType !== contentType) throw unsupported("The file is not a readable image");
            if (!isWithinImageLimit(image))
              throw new HttpError(413, `${IMAGE_TOO_LARGE_MESSAGE}; this one is ${image.width} × ${image.height}`);
          },
        });
        await repository.markUploaded(objectPath, info);
        return { objectPath, ...info };
      } catch (error) {
        if (error instanceof ObjectTooLargeError) throw new HttpError(413, TOO_LARGE_MESSAGE);
        if (error instanceof ObjectExistsError) throw HttpError.conflict("This upload link has already been used");
        if (error instanceof EmptyObjectError) throw HttpError.badRequest("The file is empty");
        throw error;
      }
    },

    /**
     * Removes uploads issued more than a day ago that nothing refers to, with their stored
     * objects, a batch at a time. Safe with several instances at once (each locks its own
     * rows) and beside a label save (which holds its upload's row while it refers to it).
     * Returns how many were removed.
     */
    async removeUnclaimedUploads(now = Date.now()): Promise<number> {
      const before = new Date(now - UNCLAIMED_UPLOAD_TTL_MS);
      let removed = 0;
      let after: CleanupCursor | undefined;
      for (;;) {
        const batch = await repository.transaction(async (tx) => {
          const candidates = await repository.lockCleanupCandidates(tx, before, CLEANUP_BATCH, after);
          // Checked again in this later statement, which sees a label saved since the first.
          const referenced = await repository.referencedPaths(
            tx,
            candidates.map((c) => c.objectPath),
          );
          const unclaimed = candidates.filter((c) => !referenced.has(c.objectPath));
          // Objects go first, while the rows are still locked: a row is only deleted once
          // nothing is served under its path any more.
          for (const upload of unclaimed) {
            const id = uploadIdFromObjectPath(upload.objectPath);
            if (id) await storage.remove(uploadKey(id));
            if (id) await storage.remove(documentLogoKey(id));
          }
          await repository.deleteByIds(
            tx,
            unclaimed.map((u) => u.id),
          );
          return { last: candidates.at(-1), seen: candidates.length, removed: unclaimed.length };
        });
        removed += batch.removed;
        if (batch.seen < CLEANUP_BATCH || !batch.last) return removed;
        after = { createdAt: batch.last.createdAt, id: batch.last.id };
      }
    },

    async openObject(id: string): Promise<StoredObject> {
      const object = isUploadId(id) ? await storage.read(uploadKey(id)) : null;
      if (!object) throw HttpError.notFound("Object not found");
      return object;
    },
  };
}
