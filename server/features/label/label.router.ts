import express from "express";
import { toCurrentUser, updateLabelSchema, type CurrentUser } from "@shared/users";
import type { AppContext } from "../../context";
import { requireUser } from "../../auth/guards";
import { validate } from "../../lib/validate";
import { createLabelRepository } from "./label.repository";
import { createLabelService, type ClaimUpload } from "./label.service";

/** PUT /api/user/label (docs/product.md, "Label settings"). */
export function createLabelRouter(ctx: AppContext, { claimUpload }: { claimUpload: ClaimUpload }) {
  const service = createLabelService({ repository: createLabelRepository(ctx.db), claimUpload });
  const router = express.Router({ caseSensitive: true });

  router.put("/user/label", requireUser, validate({ body: updateLabelSchema }), async (req, res) => {
    res.json(toCurrentUser(await service.updateLabel(req.user!, req.body)) satisfies CurrentUser);
  });

  return router;
}
