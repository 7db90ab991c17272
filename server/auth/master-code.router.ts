import express, { type Request } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { z } from "zod";
import type { User } from "@shared/users";
import type { AppConfig } from "../config";
import type { Database } from "../db/database";
import { HttpError } from "../lib/http-error";
import { validate } from "../lib/validate";
import { requireUser } from "./guards";
import { safeEqual } from "./builtin-provider";
import { createMasterCodeAttempts } from "./master-code-attempts";
import type { UsersRepository } from "./users.repository";

const masterCodeSchema = z.object({ code: z.string().trim().min(1, "Enter the master code").max(200) });

function waitText(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** Signs the user in again with a new session id, so an id captured before a raise gains nothing. */
function renewSession(req: Request, user: User) {
  return new Promise<void>((resolve, reject) => req.logIn(user, (error) => (error ? reject(error) : resolve())));
}

export function createMasterCodeRouter(deps: { config: AppConfig; db: Database; users: UsersRepository }) {
  const { config, users } = deps;
  const attempts = createMasterCodeAttempts(deps.db);
  const router = express.Router();

  router.post("/auth/master-code", requireUser, validate({ body: masterCodeSchema }), async (req, res) => {
    if (!config.masterCode) {
      throw HttpError.notFound("Master access is not enabled. Access is granted by an administrator.");
    }
    const decision = await attempts.take({ user: req.user!.id, address: ipKeyGenerator(req.ip ?? "unknown") });
    if (!decision.allowed) {
      res.setHeader("Retry-After", String(decision.retryAfterSeconds));
      throw HttpError.tooMany(`Too many attempts. Master code entry is locked; try again in ${waitText(decision.retryAfterSeconds)}.`);
    }
    if (!safeEqual(req.body.code, config.masterCode)) {
      throw HttpError.forbidden("That master code is not correct");
    }
    const user = await users.grantAdminByMasterCode(req.user!.id);
    if (!user) throw HttpError.unauthorized();
    await renewSession(req, user);
    res.json(user);
  });

  return router;
}
