import express from "express";
import { updateLabelSchema } from "@shared/users";
import type { AppContext } from "../../context";
import { requireUser } from "../../auth/guards";
import { validate } from "../../lib/validate";
import { getObjectStorage } from "../../integrations/object-storage";
import { createLabelRepository } from "./label.repository";
import { createLabelService } from "./label.service";

/** PUT /api/user/label (SPEC.md §2.12, §5, §7). */
export function createLabelRouter(ctx: AppContext) {
  const service = createLabelService({ repository: createLabelRepository(ctx.db), storage: getObjectStorage(ctx) });
  const router = express.Router();

  router.put("/user/label", requireUser, validate({ body: updateLabelSchema }), async (req, res) => {
    res.json(await service.updateLabel(req.user!, req.body));
  });

  return router;
}
