import { isClientRoute } from "./routes";

/**
 * Why a sign-in did not finish. The server sends the visitor back to the landing page with
 * `?signin=<reason>`; the landing page shows the matching message.
 */
export const SIGN_IN_FAILURES = ["not-verified", "no-email", "unreachable", "cancelled", "failed"] as const;
export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

export const SIGN_IN_FAILURE_PARAM = "signin";

export const SIGN_IN_FAILURE_MESSAGES: Record<SignInFailure, { title: string; text: string }> = {
  "not-verified": {
    title: "Your e-mail address is not verified",
    text: "Your sign-in provider has not confirmed that this e-mail address is yours, so we could not sign you in. Verify the address with your provider, then log in again.",
  },
  "no-email": {
    title: "No e-mail address was shared",
    text: "Your sign-in provider did not share an e-mail address, which we need to sign you in. Allow access to your e-mail address when you log in again.",
  },
  unreachable: {
    title: "The sign-in provider could not be reached",
    text: "We could not reach the sign-in provider to finish signing you in. Please try again in a few minutes.",
  },
  cancelled: {
    title: "Sign-in was cancelled",
    text: "You are not signed in. Log in again whenever you are ready.",
  },
  failed: {
    title: "Sign-in did not complete",
    text: "Something went wrong while signing you in. Please log in again.",
  },
};

export function parseSignInFailure(value: unknown): SignInFailure | undefined {
  return SIGN_IN_FAILURES.find((reason) => reason === value);
}

/**
 * Signing in and out are full-page navigations, not calls: a link to SIGN_IN_PATH starts the
 * sign-in at the provider, which comes back to SIGN_IN_CALLBACK_PATH; a form POSTs to
 * SIGN_OUT_PATH (a GET there only asks). They answer with redirects and pages, not JSON.
 */
export const SIGN_IN_PATH = "/api/login";
export const SIGN_IN_CALLBACK_PATH = "/api/callback";
export const SIGN_OUT_PATH = "/api/logout";

/** Where to go after signing in: `/api/login?returnTo=/tickets`. */
export const RETURN_TO_PARAM = "returnTo";
const RETURN_TO_MAX_LENGTH = 512;
const PROBE_ORIGIN = "http://return-to.invalid";

/**
 * The path to return to after sign-in, or undefined when `value` is not one of this site's
 * own pages. Only a relative path to a page of the client's route table is accepted, so a
 * crafted link can never send a person to another site (`//evil.example`, `/\evil.example`,
 * `https://…`) or to an API path.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > RETURN_TO_MAX_LENGTH) return undefined;
  // Browsers read a backslash as a slash, and control characters are stripped before parsing.
  // eslint-disable-next-line no-control-regex -- control characters are what this test rejects
  if (!value.startsWith("/") || /[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN || !isClientRoute(url.pathname)) return undefined;
  return url.pathname + url.search;
}

/** The sign-in link that brings a person back to `path` afterwards. */
export function signInHref(path?: string): string {
  const returnTo = safeReturnTo(path);
  return returnTo && returnTo !== "/"
    ? `${SIGN_IN_PATH}?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}`
    : SIGN_IN_PATH;
}
