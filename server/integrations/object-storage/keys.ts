import crypto from "node:crypto";
import { isUploadId } from "@shared/object-uploads";

// Objects the app issues live under one prefix, each under a server-chosen uuid, so no part
// of a client-supplied path ever reaches the file system or the bucket. The path they are
// served at is shared/object-uploads.ts's uploadObjectPath.
const UPLOAD_PREFIX = "uploads/";

export function newUploadId(): string {
  return crypto.randomUUID();
}

/** Storage key of an upload ("uploads/<id>"). */
export function uploadKey(id: string): string {
  if (!isUploadId(id)) throw new Error("not an upload id");
  return `${UPLOAD_PREFIX}${id}`;
}

/** Whether `key` is an upload's storage key, the only kind of key the drivers store. */
export function isUploadKey(key: string): boolean {
  return key.startsWith(UPLOAD_PREFIX) && isUploadId(key.slice(UPLOAD_PREFIX.length));
}
