import type { Request } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { masterCodeContract } from "@shared/master-code";
import { toCurrentUser, type User } from "@shared/users";
import type { AppContext } from "../../context";
import { contractRouter } from "../../lib/contract-router";
import { HttpError } from "../../lib/http-error";
import { createMasterCodeRepository } from "./master-code.repository";
import { createMasterCodeService } from "./master-code.service";

/** Signs the user in again with a new session id, so an id captured before a raise gains nothing. */
function renewSession(req: Request, user: User) {
  return new Promise<void>((resolve, reject) => req.logIn(user, (error) => (error ? reject(error) : resolve())));
}

export function createMasterCodeRouter(ctx: AppContext) {
  const masterCode = createMasterCodeService({
    masterCode: () => ctx.config.masterCode,
    repository: createMasterCodeRepository(ctx.db),
  });

  return contractRouter(masterCodeContract, {
    enter: async ({ body, user, req, res }) => {
      const outcome = await masterCode.enter({
        userId: user.id,
        address: ipKeyGenerator(req.ip ?? "unknown"),
        code: body.code,
      });
      if ("locked" in outcome) {
        res.setHeader("Retry-After", String(outcome.locked.retryAfterSeconds));
        throw HttpError.tooMany(outcome.locked.message);
      }
      await renewSession(req, outcome.user);
      return { status: 200, body: toCurrentUser(outcome.user) };
    },
  });
}
