import type { PassportInstance } from "./passport-instance";
import * as client from "openid-client";
import { Strategy, type VerifyFunction } from "openid-client/passport";
import { SIGN_IN_CALLBACK_PATH, type SignInFailure } from "@shared/sign-in";
import type { AppConfig } from "../config";
import type { Logger } from "../lib/logger";
import type { UsersRepository } from "./users.repository";

export const STRATEGY_NAME = "oidc";

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** The built-in provider always asks for the e-mail, so switching accounts is easy. */
  forceLoginPrompt: boolean;
  /**
   * Built-in provider in production only: the origin at which this process answers on its own
   * machine. The issuer's public URL goes through the TLS proxy, which the app itself may not
   * reach or trust (a hairpin route, a private certificate), so the server-to-server calls
   * (discovery, token, keys) go straight to this process, saying which public origin they are
   * for. The browser still sees only the public URL.
   */
  internalOrigin?: string;
}

/** A fetch that sends requests for `publicOrigin` to `internalOrigin`, as the proxy would. */
function viaInternalOrigin(publicOrigin: string, internalOrigin: string): client.CustomFetch {
  const { protocol, host } = new URL(publicOrigin);
  return (url, options) => {
    const init = options as RequestInit;
    if (!url.startsWith(`${publicOrigin}/`)) return fetch(url, init);
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-proto", protocol.replace(":", ""));
    headers.set("x-forwarded-host", host);
    return fetch(internalOrigin + url.slice(publicOrigin.length), { ...init, headers });
  };
}

export interface OidcLogin {
  /** Discovers the issuer on first use (the built-in one is served by this very process). */
  ready(): Promise<client.Configuration>;
  endSessionUrl(): string | undefined;
}

/** Why the app refused a sign-in the issuer completed; passed to passport as failure info. */
export interface SignInRefusal {
  reason: Extract<SignInFailure, "not-verified" | "no-email">;
  message: string;
  issuer: string;
  subject: string;
}

function claimString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

/** The e-mail of one claims source, and whether that same source says it is verified. */
function emailOf(claims: Record<string, unknown>) {
  return { email: claimString(claims.email)?.toLowerCase(), verified: claims.email_verified === true };
}

export function setUpOidc(options: {
  config: AppConfig;
  settings: OidcSettings;
  users: UsersRepository;
  logger: Logger;
  passportInstance: PassportInstance;
}): OidcLogin {
  const { config, settings, users, logger, passportInstance } = options;
  let configuration: client.Configuration | undefined;
  let pending: Promise<client.Configuration> | undefined;

  const verify: VerifyFunction = async (tokens, done) => {
    try {
      const idToken = tokens.claims();
      if (!idToken) throw new Error("the issuer answered without an ID token");
      const { iss: issuer, sub: subject } = idToken;
      let claims: Record<string, unknown> = idToken;
      let address = emailOf(idToken);
      // Many issuers put the e-mail only in userinfo. The address and its verified flag are
      // taken from one source together, never one from each.
      if (!address.verified && configuration?.serverMetadata().userinfo_endpoint) {
        const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, subject);
        claims = { ...idToken, ...userInfo };
        const fromUserInfo = emailOf(userInfo);
        if (fromUserInfo.email) address = fromUserInfo;
      }
      if (!address.email) {
        const refusal: SignInRefusal = {
          reason: "no-email",
          message: "the issuer shared no e-mail address",
          issuer,
          subject,
        };
        return done(null, false, refusal);
      }
      // Anyone can type any address at some issuers: only one the issuer verified may sign in,
      // link an existing account or receive ADMIN_EMAILS' role.
      if (!address.verified) {
        const refusal: SignInRefusal = {
          reason: "not-verified",
          message: "the issuer did not verify the e-mail address",
          issuer,
          subject,
        };
        return done(null, false, refusal);
      }
      const name = claimString(claims.name);
      const { user, match } = await users.signIn({
        issuer,
        subject,
        email: address.email,
        firstName: claimString(claims.given_name) ?? name?.split(" ")[0],
        lastName: claimString(claims.family_name) ?? (name?.split(" ").slice(1).join(" ") || undefined),
        profileImageUrl: claimString(claims.picture),
        listedAdmin: config.adminEmails.includes(address.email),
      });
      if (match === "email")
        logger.info({ userId: user.id, issuer }, "sign-in linked an account to a new identity by its verified e-mail");
      done(null, user);
    } catch (error) {
      done(error as Error);
    }
  };

  async function discover() {
    const isHttp = settings.issuerUrl.startsWith("http:");
    const found = await client.discovery(
      new URL(settings.issuerUrl),
      settings.clientId,
      settings.clientSecret,
      undefined,
      {
        // Plain http is acceptable only for the built-in provider on this machine.
        execute: isHttp ? [client.allowInsecureRequests] : [],
        [client.customFetch]: settings.internalOrigin
          ? viaInternalOrigin(config.appUrl, settings.internalOrigin)
          : undefined,
      },
    );
    passportInstance.use(
      STRATEGY_NAME,
      new Strategy(
        {
          config: found,
          name: STRATEGY_NAME,
          scope: "openid email profile",
          callbackURL: `${config.appUrl}${SIGN_IN_CALLBACK_PATH}`,
        },
        verify,
      ),
    );
    configuration = found;
    logger.info({ issuer: settings.issuerUrl }, "sign-in provider ready");
    return found;
  }

  return {
    ready() {
      if (configuration) return Promise.resolve(configuration);
      pending ??= discover().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    endSessionUrl() {
      if (!configuration || settings.forceLoginPrompt) return undefined;
      if (!configuration.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(configuration, { post_logout_redirect_uri: `${config.appUrl}/` }).href;
    },
  };
}

const NETWORK_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
]);

/** The issuer could not be reached, or answered with a server error (as opposed to a refusal). */
export function isIssuerUnreachable(error: unknown): boolean {
  for (
    let e = error as Record<string, unknown> | undefined, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && NETWORK_ERROR_CODES.has(e.code)) return true;
    if (e.name === "TimeoutError" || e.name === "AbortError") return true;
    if (e instanceof TypeError && e.message === "fetch failed") return true;
    if (typeof e.status === "number" && e.status >= 500) return true;
  }
  return false;
}
