import type { Readable } from "node:stream";
import type { Bucket, FileMetadata, GetSignedUrlConfig } from "@google-cloud/storage";
import type { GcsObjectStorage, ObjectInfo } from "./types";

/** The part of @google-cloud/storage's File the driver uses (tests pass a stand-in). */
export interface GcsFileLike {
  getSignedUrl(config: GetSignedUrlConfig): Promise<[string]>;
  exists(): Promise<[boolean]>;
  getMetadata(): Promise<[FileMetadata, ...unknown[]]>;
  createReadStream(options?: { start?: number; end?: number }): Readable;
  delete(options: { ignoreNotFound: boolean }): Promise<unknown>;
  save(data: Buffer, options: { contentType: string; resumable: boolean }): Promise<unknown>;
}

export interface GcsBucketLike {
  file(name: string): GcsFileLike;
}

export interface GcsSettings {
  bucket: string;
  projectId?: string;
  keyFile?: string;
}

/** The real bucket, loaded on first use so the local driver never loads the GCS SDK. */
export async function openGcsBucket(settings: GcsSettings): Promise<GcsBucketLike> {
  const { Storage } = await import("@google-cloud/storage");
  const storage = new Storage({ projectId: settings.projectId, keyFilename: settings.keyFile });
  const bucket: Bucket = storage.bucket(settings.bucket);
  return bucket;
}

/**
 * Objects in a Google Cloud Storage bucket. The browser PUTs straight to a v4 signed URL bound
 * to the content type; reads stream back through the app, so the bucket stays private.
 */
export function createGcsObjectStorage(loadBucket: () => Promise<GcsBucketLike>): GcsObjectStorage {
  let bucket: Promise<GcsBucketLike> | undefined;
  const file = async (key: string) => {
    bucket ??= loadBucket();
    return (await bucket).file(key);
  };

  async function stat(key: string): Promise<ObjectInfo | null> {
    const object = await file(key);
    const [exists] = await object.exists();
    if (!exists) return null;
    const [metadata] = await object.getMetadata();
    return {
      contentType: metadata.contentType ?? "application/octet-stream",
      size: Number(metadata.size ?? 0),
    };
  }

  return {
    driver: "gcs",

    async createUploadUrl(key, { expiresAt, contentType }) {
      const object = await file(key);
      const [url] = await object.getSignedUrl({ version: "v4", action: "write", expires: expiresAt, contentType });
      return url;
    },

    stat,

    async read(key, range) {
      const info = await stat(key);
      if (!info) return null;
      return { ...info, body: (await file(key)).createReadStream(range) };
    },

    async remove(key) {
      await (await file(key)).delete({ ignoreNotFound: true });
    },

    async put(key, data, contentType) {
      await (await file(key)).save(data, { contentType, resumable: false });
    },
  };
}
