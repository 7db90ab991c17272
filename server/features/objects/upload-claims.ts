import { fitsUploadPurpose, uploadIdFromObjectPath, type UploadPurpose } from "@shared/object-uploads";
import type { Transaction } from "../../db/database";
import { uploadKey, type ObjectStorage } from "../../integrations/object-storage";
import type { ObjectsRepository } from "./objects.repository";

/**
 * Why an upload cannot be claimed: it was not issued to this user (or is no upload path at
 * all), nothing was stored under it yet, what was stored does not fit the purpose's limits,
 * or its record went away (cleaned up) before the save.
 */
export type UploadClaimRefusal = "not-issued" | "not-uploaded" | "unfit" | "gone";

export type ClaimUpload = <T>(
  userId: string,
  objectPath: string,
  purpose: UploadPurpose,
  save: (tx: Transaction) => Promise<T>,
) => Promise<{ claimed: T } | { refused: UploadClaimRefusal }>;

/**
 * Lets another feature (a label logo) refer to an upload, without reading the objects table
 * itself: only an object issued to this user and really stored, within the purpose's limits
 * (docs/decisions/010-object-uploads.md). Asking the storage, not only the issue record,
 * covers GCS, where the browser uploads directly. `save` (the write that refers to the path)
 * runs in a transaction that holds the upload's record, so the clean-up of unclaimed uploads
 * cannot remove it between the check and the save.
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
    return repository.transaction(async (tx) => {
      const held = await repository.holdIssued(tx, objectPath);
      if (held?.userId !== userId) return { refused: "gone" as const };
      return { claimed: await save(tx) };
    });
  };
}
