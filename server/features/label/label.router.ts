import express from "express";
import { toCurrentUser, updateLabelSchema, type CurrentUser, type LabelContact } from "@shared/users";
import type { AppContext } from "../../context";
import { requireUser } from "../../auth/guards";
import type { ReadCaches } from "../../lib/read-caches";
import type { RouteSets } from "../../lib/route-sets";
import { validate } from "../../lib/validate";
import { createLabelRepository } from "./label.repository";
import { createLabelService, type ClaimUpload } from "./label.service";

const CONTACT = "/label/contact";
/** The routes app.ts treats specially (lib/route-sets.ts), declared beside the routes. */
export const labelRouteSets: RouteSets = { publicReads: [CONTACT] };

/** PUT /api/user/label and the label's public contact (docs/product.md, "Label settings"). */
export function createLabelRouter(
  ctx: AppContext,
  { claimUpload, readCaches }: { claimUpload: ClaimUpload; readCaches: ReadCaches },
) {
  const service = createLabelService({ repository: createLabelRepository(ctx.db), claimUpload });
  const router = express.Router({ caseSensitive: true });
  // Every landing visit reads it (the footer); any change to a user row drops the copy.
  const contactCache = readCaches.publicList("label-contact", ["users"]);

  router.get(
    CONTACT,
    contactCache.serve(async () => (await service.contact()) satisfies LabelContact),
  );

  router.put("/user/label", requireUser, validate({ body: updateLabelSchema }), async (req, res) => {
    const updated = await service.updateLabel(req.user!, req.body);
    contactCache.invalidate();
    res.json(toCurrentUser(updated) satisfies CurrentUser);
  });

  return router;
}
