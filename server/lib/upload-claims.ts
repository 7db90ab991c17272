import type { UploadPurpose } from "@shared/object-uploads";
import type { Transaction } from "../db/database";

/**
 * Why an upload cannot be claimed: it was not issued to this user (or is no upload path at
 * all), nothing was stored under it yet, what was stored does not fit the purpose's limits
 * (type and bytes, or more pixels than images may have), or its record went away (cleaned up)
 * before the save.
 */
export type UploadClaimRefusal = "not-issued" | "not-uploaded" | "unfit" | "too-many-pixels" | "gone";

/**
 * How a feature refers to an image upload (a label's logo, a release's cover) without reading
 * the objects feature's table: the objects feature makes it (createClaimUpload) and
 * features/index.ts hands it to the others. `save` runs while the upload is held, so the
 * clean-up of unclaimed uploads cannot remove it meanwhile (docs/decisions/010-object-uploads.md).
 */
export type ClaimUpload = <T>(
  userId: string,
  objectPath: string,
  purpose: UploadPurpose,
  save: (tx: Transaction) => Promise<T>,
) => Promise<{ claimed: T } | { refused: UploadClaimRefusal }>;
