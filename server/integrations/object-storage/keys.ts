import crypto from "node:crypto";

// Objects the app issues live under one prefix, each under a server-chosen uuid, so no part
// of a client-supplied path ever reaches the file system or the bucket.
const UPLOAD_PREFIX = "uploads/";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUploadId(id: string): boolean {
  return UUID.test(id);
}

export function newUploadId(): string {
  return crypto.randomUUID();
}

/** Storage key of an upload ("uploads/<id>"). */
export function uploadKey(id: string): string {
  if (!isUploadId(id)) throw new Error("not an upload id");
  return `${UPLOAD_PREFIX}${id}`;
}

/** The path the app serves an upload at ("/objects/uploads/<id>"), stored in labelLogoUrl. */
export function uploadObjectPath(id: string): string {
  return `/objects/${uploadKey(id)}`;
}

/** The upload id in an object path the app issued, or null for any other path. */
export function uploadIdFromObjectPath(objectPath: string): string | null {
  const match = /^\/objects\/uploads\/([^/]+)$/.exec(objectPath);
  return match && isUploadId(match[1]) ? match[1] : null;
}
