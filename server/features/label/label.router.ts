import { labelApi } from "@shared/label.api";
import { labelContract } from "@shared/label";
import { toCurrentUser } from "@shared/users";
import type { AppContext } from "../../context";
import { contractRouter, fromCache, underApi } from "../../lib/contract-router";
import type { ReadCaches } from "../../lib/read-caches";
import type { RouteSets } from "../../lib/route-sets";
import { createLabelRepository } from "./label.repository";
import type { ClaimUpload } from "../../lib/upload-claims";
import { createLabelService } from "./label.service";

/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const labelRouteSets: RouteSets = { publicReads: [underApi(labelApi.contact.path)] };

/** PUT /api/user/label and the label's public contact (docs/product.md, "Label settings"). */
export function createLabelRouter(
  ctx: AppContext,
  { claimUpload, readCaches }: { claimUpload: ClaimUpload; readCaches: ReadCaches },
) {
  const service = createLabelService({ repository: createLabelRepository(ctx.db), claimUpload });
  // Every landing visit reads it (the footer); any change to a user row drops the copy.
  const contactCache = readCaches.publicList("label-contact", ["users"]);

  return contractRouter(labelContract, {
    contact: fromCache(contactCache, () => service.contact()),
    update: async ({ user, body }) => {
      const updated = await service.updateLabel(user, body);
      contactCache.invalidate();
      return { status: 200, body: toCurrentUser(updated) };
    },
  });
}
