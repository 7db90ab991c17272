import type { ErrorRequestHandler, Request } from "express";
import { SIGN_OUT_PATH } from "@shared/sign-in";
import { HttpError } from "../lib/http-error";
import { isDatabaseUnavailable } from "../lib/error-handler";
import { renderMessagePage } from "../lib/html-page";
import { PER_USER_CACHE_CONTROL } from "../lib/read-caches";

/** The address a browser navigates to for signing in and out; these answer people, not code. */
const PAGE_PATHS = /^\/(api\/(login|callback|logout)|oidc\/interaction\/[^/]+\/login)$/;

export function isSignInPagePath(path: string): boolean {
  return PAGE_PATHS.test(path);
}

/** A person's browser opening a page (or submitting a form), as opposed to a fetch or an API client. */
export function isPageNavigation(req: Request): boolean {
  return req.get("sec-fetch-mode") === "navigate" || req.accepts(["json", "html"]) === "html";
}

/** GET /api/logout: a link (an old bookmark, another site) only asks; the form signs out. */
export function renderSignOutPage(options: { signedIn: boolean }) {
  if (!options.signedIn) {
    return renderMessagePage({ title: "You are signed out", message: "You are not signed in to Label Records." });
  }
  return renderMessagePage({
    title: "Sign out?",
    message: "You are signed in to Label Records. Sign out on this device?",
    action: `<form method="post" action="${SIGN_OUT_PATH}"><button type="submit">Sign out</button></form>`,
  });
}

const TITLES: Record<number, string> = {
  403: "Request refused",
  429: "Too many sign-in attempts",
  503: "Sign-in is unavailable",
};

/**
 * Errors of the sign-in and sign-out navigations, shown to a person as a readable page with a
 * way back (status unchanged). Calls from code on the same paths keep the JSON answer of the
 * error handler that follows.
 */
export const signInPageErrors: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent || !isSignInPagePath(req.path) || !isPageNavigation(req)) return next(error);
  let status = 500;
  let message = "Something went wrong on our side. Please try again.";
  if (error instanceof HttpError) {
    status = error.status;
    message = error.message;
  } else if (isDatabaseUnavailable(error)) {
    status = 503;
    message = "The service is temporarily unavailable. Please try again shortly.";
    req.log?.warn({ err: error }, "database unavailable");
  } else {
    req.log?.error({ err: error }, "unhandled error");
  }
  if (status === 503 && !res.getHeader("Retry-After")) res.setHeader("Retry-After", "5");
  res.setHeader("Cache-Control", PER_USER_CACHE_CONTROL);
  res
    .status(status)
    .type("html")
    .send(renderMessagePage({ title: TITLES[status] ?? "Sign-in problem", message }));
};
