import express from "express";
import type { AuthenticateOptions } from "passport";
import type { PassportInstance } from "./passport-instance";
import { z } from "zod";
import type { AppConfig } from "../config";
import { HttpError } from "../lib/http-error";
import { validate } from "../lib/validate";
import { requireUser } from "./guards";
import { STRATEGY_NAME, type OidcLogin } from "./oidc";
import { SESSION_COOKIE } from "./session";
import { safeEqual } from "./builtin-provider";
import type { UsersRepository } from "./users.repository";

const MASTER_CODE_MAX_ATTEMPTS = 5;
const masterCodeSchema = z.object({ code: z.string().trim().min(1, "Enter the master code").max(200) });

export function createAuthRouter(deps: {
  config: AppConfig;
  oidc: OidcLogin;
  users: UsersRepository;
  passport: PassportInstance;
  forceLoginPrompt: boolean;
}) {
  const { config, oidc, users, passport, forceLoginPrompt } = deps;
  const router = express.Router();

  // Full-page navigations (SPEC.md §2.1): these answer with redirects, not JSON.
  router.get("/login", async (req, res, next) => {
    try {
      await oidc.ready();
    } catch {
      return next(HttpError.unavailable("Sign-in is unavailable right now. Please try again shortly."));
    }
    passport.authenticate(STRATEGY_NAME, { prompt: forceLoginPrompt ? "login" : undefined } as AuthenticateOptions)(req, res, next);
  });

  router.get("/callback", async (req, res, next) => {
    try {
      await oidc.ready();
    } catch {
      return next(HttpError.unavailable("Sign-in is unavailable right now. Please try again shortly."));
    }
    passport.authenticate(STRATEGY_NAME, (error: unknown, user: Express.User | false) => {
      if (error || !user) {
        req.log?.warn({ err: error }, "sign-in did not complete");
        return res.redirect("/?signin=failed");
      }
      // passport regenerates the session id here, so a planted id is never promoted.
      req.logIn(user, (loginError) => (loginError ? next(loginError) : res.redirect("/")));
    })(req, res, next);
  });

  router.get("/logout", (req, res, next) => {
    const endSession = oidc.endSessionUrl();
    req.session.destroy((error) => {
      if (error) return next(error);
      res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure: config.isProduction, path: "/" });
      res.redirect(endSession ?? "/");
    });
  });

  router.get("/auth/user", requireUser, (req, res) => {
    res.json(req.user);
  });

  router.post("/auth/master-code", requireUser, validate({ body: masterCodeSchema }), async (req, res) => {
    if (!config.masterCode) {
      throw HttpError.notFound("Master access is not enabled. Access is granted by an administrator.");
    }
    const attempts = req.session.masterCodeAttempts ?? 0;
    if (attempts >= MASTER_CODE_MAX_ATTEMPTS) {
      throw HttpError.tooMany("Too many attempts. Master code entry is locked for this session.");
    }
    if (!safeEqual(req.body.code, config.masterCode)) {
      req.session.masterCodeAttempts = attempts + 1;
      throw HttpError.forbidden("That master code is not correct");
    }
    req.session.masterCodeAttempts = 0;
    const user = await users.setRole(req.user!.id, "admin");
    res.json(user);
  });

  return router;
}
