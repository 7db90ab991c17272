import { fitsUploadPurpose, LOGO_MAX_BYTES, uploadIdFromObjectPath } from "@shared/object-uploads";
import { uploadKey, type ObjectStorage } from "../../integrations/object-storage";
import { isWithinImageLimit, readImageInfo } from "../../lib/images";
import type { ClaimUpload } from "../../lib/upload-claims";
import type { ObjectsRepository } from "./objects.repository";

/**
 * The stored image as its header describes it, read through the storage. With GCS the browser
 * uploaded it straight to the bucket, so this is the first time the app sees its bytes.
 */
async function storedImage(storage: ObjectStorage, key: string) {
  const object = await storage.read(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of object.body) {
    size += (chunk as Buffer).length;
    if (size > LOGO_MAX_BYTES) {
      object.body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  const image = await readImageInfo(Buffer.concat(chunks));
  return image?.contentType === object.contentType ? image : null;
}

/**
 * Lets another feature (a label logo) refer to an upload, without reading the objects table
 * itself: only an object issued to this user and really stored, within the purpose's limits
 * (docs/decisions/010-object-uploads.md). Asking the storage, not only the issue record,
 * covers GCS, where the browser uploads directly: its type, bytes and pixels are checked here.
 * `save` (the write that refers to the path) runs in a transaction that holds the upload's
 * record, so the clean-up of unclaimed uploads cannot remove it between the check and the save.
 */
export function createClaimUpload(deps: { repository: ObjectsRepository; storage: ObjectStorage }): ClaimUpload {
  const { repository, storage } = deps;
  return async (userId, objectPath, purpose, save) => {
    const id = uploadIdFromObjectPath(objectPath);
    const issued = id ? await repository.findByPath(objectPath) : undefined;
    if (!id || !issued || issued.userId !== userId) return { refused: "not-issued" };
    const info = await storage.stat(uploadKey(id));
    if (!info) return { refused: "not-uploaded" };
    if (!fitsUploadPurpose(purpose, info)) return { refused: "unfit" };
    const image = await storedImage(storage, uploadKey(id));
    if (!image) return { refused: "unfit" };
    if (!isWithinImageLimit(image)) return { refused: "too-many-pixels" };
    return repository.transaction(async (tx) => {
      const held = await repository.holdIssued(tx, objectPath);
      if (held?.userId !== userId) return { refused: "gone" as const };
      return { claimed: await save(tx) };
    });
  };
}
