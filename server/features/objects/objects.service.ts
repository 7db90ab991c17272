import type { Readable } from "node:stream";
import { LOGO_MAX_BYTES } from "@shared/constants";
import { isLogoContentType, type UploadParameters } from "@shared/object-uploads";
import { HttpError } from "../../lib/http-error";
import {
  EmptyObjectError,
  ObjectExistsError,
  ObjectTooLargeError,
  UPLOAD_URL_TTL_SECONDS,
  isUploadId,
  newUploadId,
  uploadKey,
  uploadObjectPath,
  type ObjectStorage,
  type StoredObject,
  type UploadUrlQuery,
} from "../../integrations/object-storage";
import { sniffImageType } from "./image-signature";
import type { ObjectsRepository } from "./objects.repository";

const IMAGE_TYPES_MESSAGE = "Only PNG, JPEG, GIF or WebP images can be uploaded";
const TOO_LARGE_MESSAGE = `Maximum file size is ${LOGO_MAX_BYTES / 1024 / 1024}MB`;

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

export function createObjectsService(deps: { repository: ObjectsRepository; storage: ObjectStorage }) {
  const { repository, storage } = deps;

  return {
    /** SPEC.md §7: the server picks the key and records who it was issued to. */
    async issueUpload(userId: string, contentType?: string): Promise<UploadParameters> {
      // A GCS signed URL is bound to one content type, so it has to be named up front.
      if (storage.driver === "gcs" && !contentType) {
        throw HttpError.badRequest("Name the image type (contentType) to upload", { contentType: ["Required"] });
      }
      const id = newUploadId();
      const objectPath = uploadObjectPath(id);
      await repository.recordIssued({ userId, objectPath, contentType: contentType ?? null });
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
      if (!isLogoContentType(contentType)) throw unsupported();
      if (upload.query.type && upload.query.type !== contentType) {
        throw unsupported("The file's type does not match the upload request");
      }
      if (Number(upload.contentLength) > LOGO_MAX_BYTES) throw new HttpError(413, TOO_LARGE_MESSAGE);

      const objectPath = uploadObjectPath(upload.id);
      const issued = await repository.findByPath(objectPath);
      if (!issued) throw HttpError.notFound("Upload not found");
      // Keys are never reused: what is served under one is cached as immutable.
      if (issued.uploadedAt) throw HttpError.conflict("This upload link has already been used");

      try {
        const info = await storage.write(uploadKey(upload.id), upload.body, {
          contentType,
          maxBytes: LOGO_MAX_BYTES,
          checkHead: (head) => {
            if (sniffImageType(head) !== contentType) throw unsupported("The file is not the image type it claims to be");
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

    async openObject(id: string): Promise<StoredObject> {
      const object = isUploadId(id) ? await storage.read(uploadKey(id)) : null;
      if (!object) throw HttpError.notFound("Object not found");
      return object;
    },
  };
}
