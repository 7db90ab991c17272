import type { PassportInstance } from "./passport-instance";
import * as client from "openid-client";
import { Strategy, type VerifyFunction } from "openid-client/passport";
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
}

export interface OidcLogin {
  /** Discovers the issuer on first use (the built-in one is served by this very process). */
  ready(): Promise<client.Configuration>;
  endSessionUrl(): string | undefined;
}

function claimString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
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
      let claims: Record<string, unknown> = tokens.claims() ?? {};
      if (!claims.email && configuration) {
        claims = { ...claims, ...(await client.fetchUserInfo(configuration, tokens.access_token, String(claims.sub))) };
      }
      const email = claimString(claims.email)?.toLowerCase();
      if (!email) return done(null, false, { message: "The sign-in provider did not share an e-mail address" });
      const name = claimString(claims.name);
      const user = await users.upsertOnSignIn({
        email,
        firstName: claimString(claims.given_name) ?? name?.split(" ")[0],
        lastName: claimString(claims.family_name) ?? (name?.split(" ").slice(1).join(" ") || undefined),
        profileImageUrl: claimString(claims.picture),
        makeAdmin: config.adminEmails.includes(email),
      });
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
      // Plain http is acceptable only for the built-in provider on this machine.
      isHttp ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    passportInstance.use(
      STRATEGY_NAME,
      new Strategy({ config: found, name: STRATEGY_NAME, scope: "openid email profile", callbackURL: `${config.appUrl}/api/callback` }, verify),
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
