import crypto from "node:crypto";
import { isUploadId } from "@shared/object-uploads";

// Objects the app issues live under one prefix, each under a server-chosen uuid, so no part
// of a client-supplied path ever reaches the file system or the bucket. The path they are
// served at is shared/object-uploads.ts's uploadObjectPath.
const UPLOAD_PREFIX = "uploads/";
/** Copies the app makes of an upload (the logo documents embed), one per upload and purpose. */
const DOCUMENT_LOGO_PREFIX = "document-logos/";

export function newUploadId(): string {
  return crypto.randomUUID();
}

/** Storage key of an upload ("uploads/<id>"). */
export function uploadKey(id: string): string {
  if (!isUploadId(id)) throw new Error("not an upload id");
  return `${UPLOAD_PREFIX}${id}`;
}

/** Storage key of the scaled copy of upload `id` that documents embed ("document-logos/<id>"). */
export function documentLogoKey(id: string): string {
  if (!isUploadId(id)) throw new Error("not an upload id");
  return `${DOCUMENT_LOGO_PREFIX}${id}`;
}

/** Whether `key` is an upload's storage key. */
export function isUploadKey(key: string): boolean {
  return key.startsWith(UPLOAD_PREFIX) && isUploadId(key.slice(UPLOAD_PREFIX.length));
}

/** Whether `key` is one of the two kinds of key the drivers store: an upload or its document copy. */
export function isObjectKey(key: string): boolean {
  return (
    isUploadKey(key) || (key.startsWith(DOCUMENT_LOGO_PREFIX) && isUploadId(key.slice(DOCUMENT_LOGO_PREFIX.length)))
  );
}
