import express from "express";
import type { AuthenticateOptions } from "passport";
import {
  RETURN_TO_PARAM,
  SIGN_IN_CALLBACK_PATH,
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
  SIGN_IN_FAILURE_PARAM,
  parseSignInFailure,
  safeReturnTo,
  type SignInFailure,
} from "@shared/sign-in";
import type { PassportInstance } from "./passport-instance";
import type { AppConfig } from "../config";
import { HttpError } from "../lib/http-error";
import { PER_USER_CACHE_CONTROL } from "../lib/read-caches";
import { STRATEGY_NAME, isIssuerUnreachable, type OidcLogin } from "./oidc";
import { SESSION_COOKIE } from "./session";
import { toCurrentUser } from "@shared/users";
import { authContract } from "@shared/auth";
import { contractRouter, underApi } from "../lib/contract-router";
import { renderSignOutPage } from "./auth-pages";

const failedSignIn = (reason: SignInFailure) => `/?${SIGN_IN_FAILURE_PARAM}=${reason}`;

/** Why a sign-in ended without a user: the app's refusal, the person's cancel, or the issuer. */
function failureReason(error: unknown, info: unknown): SignInFailure {
  const details = (info ?? {}) as { reason?: unknown; error?: unknown };
  const refused = parseSignInFailure(details.reason);
  if (refused) return refused;
  if (details.error === "access_denied") return "cancelled";
  if (error && isIssuerUnreachable(error)) return "unreachable";
  return "failed";
}

export function createAuthRouter(deps: {
  config: AppConfig;
  oidc: OidcLogin;
  passport: PassportInstance;
  forceLoginPrompt: boolean;
}) {
  const { config, oidc, passport, forceLoginPrompt } = deps;
  const router = express.Router({ caseSensitive: true });

  // Full-page navigations: these answer with redirects and pages, not JSON.
  router.get(underApi(SIGN_IN_PATH), async (req, res, next) => {
    try {
      await oidc.ready();
    } catch (error) {
      req.log?.warn({ err: error }, "the sign-in provider could not be reached");
      return next(HttpError.unavailable("Sign-in is unavailable right now. Please try again shortly."));
    }
    // Kept in the session beside the sign-in state; an unsafe path is dropped, never followed.
    req.session.returnTo = safeReturnTo(req.query[RETURN_TO_PARAM]);
    passport.authenticate(STRATEGY_NAME, { prompt: forceLoginPrompt ? "login" : undefined } as AuthenticateOptions)(
      req,
      res,
      next,
    );
  });

  router.get(underApi(SIGN_IN_CALLBACK_PATH), async (req, res, next) => {
    try {
      await oidc.ready();
    } catch (error) {
      req.log?.warn({ reason: "unreachable", err: error }, "sign-in did not complete");
      return res.redirect(failedSignIn("unreachable"));
    }
    passport.authenticate(STRATEGY_NAME, (error: unknown, user: Express.User | false, info: unknown) => {
      if (error || !user) {
        const reason = failureReason(error, info);
        req.log?.warn(
          { reason, ...(error ? { err: error } : {}), ...(info ? { cause: info } : {}) },
          "sign-in did not complete",
        );
        return res.redirect(failedSignIn(reason));
      }
      // Read before logIn, which starts a new session (a planted session id is never promoted).
      const returnTo = safeReturnTo(req.session.returnTo) ?? "/";
      req.logIn(user, (loginError) => (loginError ? next(loginError) : res.redirect(returnTo)));
    })(req, res, next);
  });

  // A link cannot sign anyone out: GET only asks, and the form POSTs (same-origin checked).
  router.get(underApi(SIGN_OUT_PATH), (req, res) => {
    res.setHeader("Cache-Control", PER_USER_CACHE_CONTROL);
    res.type("html").send(renderSignOutPage({ signedIn: Boolean(req.user) }));
  });

  router.post(underApi(SIGN_OUT_PATH), (req, res, next) => {
    const endSession = oidc.endSessionUrl();
    req.session.destroy((error) => {
      if (error) return next(error);
      res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", secure: config.isProduction, path: "/" });
      res.redirect(303, endSession ?? "/");
    });
  });

  router.use(
    contractRouter(authContract, { currentUser: async ({ user }) => ({ status: 200, body: toCurrentUser(user) }) }),
  );

  return router;
}
