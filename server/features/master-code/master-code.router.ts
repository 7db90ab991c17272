import express, { type Request } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { enterMasterCodeSchema } from "@shared/master-code";
import { toCurrentUser, type CurrentUser, type User } from "@shared/users";
import { requireUser } from "../../auth/guards";
import type { AppContext } from "../../context";
import { HttpError } from "../../lib/http-error";
import { validate } from "../../lib/validate";
import { createMasterCodeRepository } from "./master-code.repository";
import { createMasterCodeService } from "./master-code.service";

/** Signs the user in again with a new session id, so an id captured before a raise gains nothing. */
function renewSession(req: Request, user: User) {
  return new Promise<void>((resolve, reject) => req.logIn(user, (error) => (error ? reject(error) : resolve())));
}

export function createMasterCodeRouter(ctx: AppContext) {
  const masterCode = createMasterCodeService({
    masterCode: ctx.config.masterCode,
    repository: createMasterCodeRepository(ctx.db),
  });
  const router = express.Router({ caseSensitive: true });

  router.post("/auth/master-code", requireUser, validate({ body: enterMasterCodeSchema }), async (req, res) => {
    const outcome = await masterCode.enter({
      userId: req.user!.id,
      address: ipKeyGenerator(req.ip ?? "unknown"),
      code: req.body.code,
    });
    if ("locked" in outcome) {
      res.setHeader("Retry-After", String(outcome.locked.retryAfterSeconds));
      throw HttpError.tooMany(outcome.locked.message);
    }
    await renewSession(req, outcome.user);
    res.json(toCurrentUser(outcome.user) satisfies CurrentUser);
  });

  return router;
}
