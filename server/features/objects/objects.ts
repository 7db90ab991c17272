import type { AppContext } from "../../context";
import { getObjectStorage } from "../../integrations/object-storage";
import { createObjectsRepository } from "./objects.repository";
import { createObjectsService } from "./objects.service";
import { createClaimUpload } from "./upload-claims";
import { createClaimAudioUpload } from "./audio-claims";

/** The objects feature's service, wired from the app context. */
export function objectsService(ctx: AppContext) {
  const repository = createObjectsRepository(ctx.db);
  const storage = getObjectStorage(ctx);
  return {
    ...createObjectsService({ repository, storage, quotaBytes: ctx.config.uploads.quotaBytes }),
    claimUpload: createClaimUpload({ repository, storage }),
    claimAudioUpload: createClaimAudioUpload({ repository, storage }),
  };
}
