import path from "node:path";
import type { AppContext } from "../../context";
import { createGcsObjectStorage, openGcsBucket } from "./gcs-driver";
import { createLocalObjectStorage } from "./local-driver";
import type { ObjectStorage } from "./types";
import { deriveUploadSigningKey } from "./upload-token";

export * from "./types";
export * from "./keys";
export { UPLOAD_URL_TTL_SECONDS, deriveUploadSigningKey, verifyUpload } from "./upload-token";

export function createObjectStorage(ctx: Pick<AppContext, "config" | "secrets">): ObjectStorage {
  const { config, secrets } = ctx;
  const storage = config.storage;
  if (storage.driver === "gcs") return createGcsObjectStorage(() => openGcsBucket(storage));
  return createLocalObjectStorage({
    rootDir: path.join(config.dataDir, "objects"),
    appUrl: config.appUrl,
    signingKey: deriveUploadSigningKey(config.sessionSecret ?? secrets.sessionSecret),
  });
}

const instances = new WeakMap<AppContext, ObjectStorage>();

/** One storage per app, shared by the features that read or issue objects. */
export function getObjectStorage(ctx: AppContext): ObjectStorage {
  let storage = instances.get(ctx);
  if (!storage) {
    storage = createObjectStorage(ctx);
    instances.set(ctx, storage);
  }
  return storage;
}
