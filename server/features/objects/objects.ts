import type { AppContext } from "../../context";
import { getObjectStorage } from "../../integrations/object-storage";
import { createObjectsRepository } from "./objects.repository";
import { createObjectsService } from "./objects.service";

/** The objects feature's service, wired from the app context. */
export function objectsService(ctx: AppContext) {
  return createObjectsService({
    repository: createObjectsRepository(ctx.db),
    storage: getObjectStorage(ctx),
    quotaBytes: ctx.config.uploads.quotaBytes,
  });
}
