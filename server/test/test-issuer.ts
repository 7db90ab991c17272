import http from "node:http";
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import Provider, { type Configuration } from "oidc-provider";
import request from "supertest";
import { escapeHtml } from "../lib/html-page";

/**
 * TEST ONLY: a second, outside OpenID Connect issuer (oidc-provider on its own port) that
 * issues exactly the claims a test gives each account, including `email_verified: false` or
 * no e-mail at all. It stands in for Keycloak, Auth0, Google… in tests of how the app treats
 * what an outside issuer says. Never used by the app itself.
 */
export interface TestIssuerAccount {
  email?: string;
  email_verified?: unknown;
  name?: string;
  given_name?: string;
  family_name?: string;
}

export interface TestIssuer {
  url: string;
  /** The app's OIDC variables for this issuer. */
  env: { OIDC_ISSUER_URL: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  /** Registers (or replaces) an account; its `sub` is the given subject. */
  setAccount(subject: string, claims: TestIssuerAccount): void;
  /** Lets the app at `appUrl` sign in here; call once the app is listening. */
  trustApp(appUrl: string): void;
  stop(): Promise<void>;
}

const CLIENT_ID = "label-test-client";

export async function startTestIssuer(options: { claimsIn?: "id_token" | "userinfo" } = {}): Promise<TestIssuer> {
  const accounts = new Map<string, TestIssuerAccount>();
  const clientSecret = crypto.randomBytes(24).toString("base64url");
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end("the test issuer does not trust any app yet");
  };
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function trustApp(appUrl: string) {
    const configuration: Configuration = {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: clientSecret,
          redirect_uris: [`${appUrl}/api/callback`],
          post_logout_redirect_uris: [`${appUrl}/`],
          grant_types: ["authorization_code"],
          response_types: ["code"],
        },
      ],
      cookies: { keys: [crypto.randomBytes(16).toString("hex")] },
      jwks: {
        keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-issuer-1", use: "sig", alg: "RS256" } as never],
      },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
      // "userinfo": the ID token carries only `sub`, as at many issuers.
      conformIdTokenClaims: options.claimsIn === "userinfo",
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      async findAccount(_ctx, id) {
        const claims = accounts.get(id);
        if (!claims) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
      },
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
    };
    const provider = new Provider(url, configuration);
    const app = express();
    const form = express.urlencoded({ extended: false });

    // The issuer's own sign-in page: one button per account, and Cancel.
    app.get("/interaction/:uid", async (req, res, next) => {
      try {
        const { uid } = await provider.interactionDetails(req, res);
        const buttons = [...accounts.entries()]
          .map(
            ([sub, claims]) =>
              `<button name="account" value="${escapeHtml(sub)}">Sign in as ${escapeHtml(claims.email ?? sub)}</button>`,
          )
          .join("\n");
        res.type("html")
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test issuer</title></head>
<body><main><h1>Test issuer</h1><form method="post" action="/interaction/${uid}/login">${buttons}
<button name="cancel" value="1">Cancel</button></form></main></body></html>`);
      } catch (error) {
        next(error);
      }
    });
    app.post("/interaction/:uid/login", form, async (req, res, next) => {
      try {
        const result = req.body?.cancel
          ? { error: "access_denied", error_description: "End-User aborted interaction" }
          : { login: { accountId: String(req.body?.account) } };
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      } catch (error) {
        next(error);
      }
    });
    app.use(provider.callback());
    handler = app;
  }

  return {
    url,
    env: { OIDC_ISSUER_URL: url, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: clientSecret },
    setAccount: (subject, claims) => accounts.set(subject, claims),
    trustApp,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type AppAgent = ReturnType<typeof request.agent>;

/**
 * Signs in as a person would, following every redirect: the app's /api/login (with `path`'s
 * query), this issuer's page (choosing `subject`, or Cancel), and back to the app's callback.
 * Returns the callback's answer: its Location says where the app sent the person.
 */
export async function signInAtIssuer(
  issuer: TestIssuer,
  app: { baseUrl: string; agent: AppAgent },
  choice: { subject: string } | { cancel: true },
  loginPath = "/api/login",
) {
  const issuerAgent = request.agent(issuer.url);
  const local = (location: string, base: string) => location.replace(base, "");
  const login = await app.agent.get(loginPath).expect(302);
  let res = await issuerAgent.get(local(login.headers.location, issuer.url));
  while (res.status >= 300 && res.status < 400) res = await issuerAgent.get(local(res.headers.location, issuer.url));
  const action = /action="([^"]+)"/.exec(res.text)?.[1];
  if (!action) throw new Error(`the test issuer showed no sign-in page: ${res.status} ${res.text.slice(0, 200)}`);
  res = await issuerAgent
    .post(action)
    .type("form")
    .send("cancel" in choice ? { cancel: "1" } : { account: choice.subject });
  while (res.status >= 300 && res.status < 400 && res.headers.location.startsWith(issuer.url)) {
    res = await issuerAgent.get(local(res.headers.location, issuer.url));
  }
  const callback = res.headers.location as string | undefined;
  if (!callback?.startsWith(`${app.baseUrl}/api/callback`))
    throw new Error(`the test issuer did not return to the app: ${res.status} ${callback}`);
  return { callbackUrl: callback, finish: () => app.agent.get(local(callback, app.baseUrl)) };
}
