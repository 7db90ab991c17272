import express, { type Router } from "express";
import crypto from "node:crypto";
import Provider, { type Configuration } from "oidc-provider";
import type { AppConfig } from "../config";
import type { LocalSecrets } from "../lib/secrets";
import type { Database } from "../db/database";
import { createOidcAdapter } from "./oidc-adapter";
import { renderSignInPage } from "./sign-in-page";
import { NUL_CHARACTER_MESSAGE, nulCharacterFields } from "@shared/validation";

export const BUILTIN_CLIENT_ID = "label-web";

export interface BuiltinProvider {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Mounted at /oidc: the sign-in page routes first, then oidc-provider itself. */
  router: Router;
}

/**
 * The account id carries the e-mail and display name, so the provider needs no account
 * store of its own (the app upserts its users by e-mail at the callback).
 */
function encodeAccount(email: string, name: string) {
  return Buffer.from(JSON.stringify({ email, name })).toString("base64url");
}
function decodeAccount(id: string): { email: string; name: string } {
  return JSON.parse(Buffer.from(id, "base64url").toString("utf8"));
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createBuiltinProvider(config: AppConfig, secrets: LocalSecrets, db: Database): BuiltinProvider {
  const issuerUrl = `${config.appUrl}/oidc`;
  const clientSecret = secrets.builtinClientSecret;
  const configuration: Configuration = {
    adapter: createOidcAdapter(db),
    // The provider's own artifacts are short-lived: the app keeps its own 7-day session.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 900, Session: 3600, Grant: 3600 },
    clients: [
      {
        client_id: BUILTIN_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${config.appUrl}/api/callback`],
        post_logout_redirect_uris: [`${config.appUrl}/`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    cookies: { keys: [secrets.oidcCookieKey] },
    jwks: { keys: [{ ...secrets.oidcSigningKey, kid: "builtin-1", use: "sig", alg: "RS256" } as never] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    // Put e-mail and name into the ID token so the app needs no extra userinfo call.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const { email, name } = decodeAccount(id);
      const [given, ...family] = name.split(" ");
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email,
          email_verified: true,
          name: name || undefined,
          given_name: given || undefined,
          family_name: family.join(" ") || undefined,
        }),
      };
    },
    // The app is first-party: grant its scopes without a consent screen (ARCHITECTURE.md).
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = renderSignInPage({ error: out.error_description ?? out.error ?? "Sign-in failed" });
    },
  };
  const provider = new Provider(issuerUrl, configuration);
  if (config.isProduction) provider.proxy = true;

  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "10kb" });

  router.get("/interaction/:uid", async (req, res, next) => {
    try {
      const details = await provider.interactionDetails(req, res);
      res.type("html").send(renderSignInPage({ action: `/oidc/interaction/${details.uid}/login` }));
    } catch (error) {
      next(error);
    }
  });

  router.post("/interaction/:uid/login", form, async (req, res, next) => {
    try {
      const details = await provider.interactionDetails(req, res);
      const email = String(req.body?.email ?? "").trim().toLowerCase();
      const name = String(req.body?.name ?? "").trim().slice(0, 100);
      if (!emailPattern.test(email) || email.length > 254) {
        res.status(400).type("html").send(
          renderSignInPage({ action: `/oidc/interaction/${details.uid}/login`, error: "Enter a valid email address", email, name }),
        );
        return;
      }
      // The shared rule for text the database cannot store (it would fail at the callback).
      if (Object.keys(nulCharacterFields({ email, name })).length > 0) {
        res.status(400).type("html").send(
          renderSignInPage({ action: `/oidc/interaction/${details.uid}/login`, error: NUL_CHARACTER_MESSAGE, email: "", name: "" }),
        );
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: encodeAccount(email, name) } }, { mergeWithLastSubmission: false });
    } catch (error) {
      next(error);
    }
  });

  router.use(provider.callback());
  return { issuerUrl, clientId: BUILTIN_CLIENT_ID, clientSecret, router };
}

/** Constant-time comparison for short secrets of any length. */
export function safeEqual(a: string, b: string) {
  const ha = crypto.createHash("sha256").update(a).digest();
  const hb = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}
