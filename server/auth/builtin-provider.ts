import express, { type Router } from "express";
import crypto from "node:crypto";
import Provider, { type Configuration } from "oidc-provider";
import type { AppConfig } from "../config";
import type { LocalSecrets } from "../lib/secrets";
import type { Database } from "../db/database";
import { createOidcAdapter } from "./oidc-adapter";
import { renderSignInPage } from "./sign-in-page";
import { NUL_CHARACTER_MESSAGE, nulCharacterFields } from "@shared/validation";
import { SIGN_IN_CALLBACK_PATH } from "@shared/sign-in";

export const BUILTIN_CLIENT_ID = "label-web";

/** Logged at every production start that uses the built-in provider (ALLOW_BUILTIN_LOGIN=true). */
export const BUILTIN_LOGIN_WARNING =
  "WARNING: ALLOW_BUILTIN_LOGIN=true: the built-in sign-in provider lets anyone sign in as anyone, administrators included, with no password. Use it only for demos and staging; set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for real users.";

export interface BuiltinProvider {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Mounted at /oidc: the sign-in page routes first, then oidc-provider itself. */
  router: Router;
}

/**
 * The account id (the ID token's `sub`) is derived from the e-mail alone, so it stays the same
 * whatever name is typed: the app keys its users by issuer and subject. What was typed at
 * sign-in is kept beside the provider's other state in PostgreSQL, for as long as its session.
 */
function accountIdFor(email: string) {
  return crypto.createHash("sha256").update(email).digest("base64url");
}
const ACCOUNT_TTL_SECONDS = 3600;
type TypedAccount = { email: string; name: string };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createBuiltinProvider(config: AppConfig, secrets: LocalSecrets, db: Database): BuiltinProvider {
  const issuerUrl = `${config.appUrl}/oidc`;
  const clientSecret = secrets.builtinClientSecret;
  const Adapter = createOidcAdapter(db);
  const typedAccounts = new Adapter("BuiltinAccount");
  const configuration: Configuration = {
    adapter: Adapter,
    // The provider's own artifacts are short-lived: the app keeps its own 7-day session.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 900,
      Session: ACCOUNT_TTL_SECONDS,
      Grant: 3600,
    },
    clients: [
      {
        client_id: BUILTIN_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${config.appUrl}${SIGN_IN_CALLBACK_PATH}`],
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
      const typed = (await typedAccounts.find(id)) as TypedAccount | undefined;
      if (!typed) return undefined;
      const { email, name } = typed;
      const [given, ...family] = name.split(" ");
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email,
          // Whoever uses this provider may type any address: it is for development and demos
          // (production warns at every start), and it vouches for what was typed.
          email_verified: true,
          name: name || undefined,
          given_name: given || undefined,
          family_name: family.join(" ") || undefined,
        }),
      };
    },
    // The app is first-party: grant its scopes without a consent screen (docs/decisions/002-built-in-sign-in.md).
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
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

  const router = express.Router({ caseSensitive: true });
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
      const email = String(req.body?.email ?? "")
        .trim()
        .toLowerCase();
      const name = String(req.body?.name ?? "")
        .trim()
        .slice(0, 100);
      if (!emailPattern.test(email) || email.length > 254) {
        res
          .status(400)
          .type("html")
          .send(
            renderSignInPage({
              action: `/oidc/interaction/${details.uid}/login`,
              error: "Enter a valid email address",
              email,
              name,
            }),
          );
        return;
      }
      // The shared rule for text the database cannot store (it would fail at the callback).
      if (Object.keys(nulCharacterFields({ email, name })).length > 0) {
        res
          .status(400)
          .type("html")
          .send(
            renderSignInPage({
              action: `/oidc/interaction/${details.uid}/login`,
              error: NUL_CHARACTER_MESSAGE,
              email: "",
              name: "",
            }),
          );
        return;
      }
      const accountId = accountIdFor(email);
      await typedAccounts.upsert(accountId, { email, name } satisfies TypedAccount, ACCOUNT_TTL_SECONDS);
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    } catch (error) {
      next(error);
    }
  });

  router.use(provider.callback());
  return { issuerUrl, clientId: BUILTIN_CLIENT_ID, clientSecret, router };
}
