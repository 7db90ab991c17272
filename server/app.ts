import express, { type Express } from "express";
import compression from "compression";
import { pinoHttp } from "pino-http";
import { createPassport } from "./auth/passport-instance";
import type { AppContext } from "./context";
import { BUILTIN_LOGIN_WARNING, createBuiltinProvider } from "./auth/builtin-provider";
import { setUpOidc, type OidcSettings } from "./auth/oidc";
import { createSessionMiddleware, userReadWithSession } from "./auth/session";
import { createSessionCache } from "./auth/session-cache";
import { createUsersRepository } from "./auth/users.repository";
import { createAuthRouter } from "./auth/auth.router";
import { signInPageErrors } from "./auth/auth-pages";
import { SIGN_IN_PATH } from "@shared/sign-in";
import { apiNotFound, errorHandler } from "./lib/error-handler";
import { isApiPath, pageRoute } from "./lib/route-case";
import { PER_USER_CACHE_CONTROL } from "./lib/read-caches";
import { serializeError } from "./lib/logger";
import { sameOriginOnly } from "./lib/same-origin";
import { createRateLimiters, RATE_LIMITS_CLEANUP_QUEUE, removeExpiredRateLimits } from "./lib/rate-limit";
import { refuseNulCharacters } from "./lib/validate";
import {
  createFeatureServices,
  createMetrics,
  FEATURE_ROUTE_SETS,
  PAGES_WITH_SESSION,
  mountFeatures,
  mountRawBodyFeatures,
  type FeatureServices,
} from "./features";
import { createJobRunner } from "./jobs/job-runner";
import { createCacheNotifications } from "./lib/cache-notifications";
import { requestId } from "./lib/request-id";
import { createFastPath, type FastPath } from "./lib/fast-path";
import { createSecurityHeaders } from "./lib/security-headers";
import { signedSessionId } from "./auth/session-cookie";

export const JSON_BODY_LIMIT = "100kb";

export interface CreatedApp {
  app: Express;
  /** What answers hot cached reads before the stack (tests read how many it served). */
  fastPath: FastPath;
  /** Starts the background workers (pg-boss): after migrations, once per instance. */
  startWorkers(): Promise<void>;
  /** Stops them, letting jobs in progress finish for a few seconds; close() does it too. */
  stopWorkers(): Promise<void>;
  close(): Promise<void>;
}

export interface CreateAppOptions {
  /** Serves the client: Vite middleware in development, the built files in production. */
  mountClient?: (app: Express) => void;
  /**
   * The feature routers (features/index.ts by default). The bench's ceiling puts fixed JSON
   * in their place to measure the same server doing nothing but its middleware.
   */
  mountFeatures?: (app: Express, ctx: AppContext, services: FeatureServices) => void;
}

/** Where this process answers on its own machine (a wildcard listen address is reached on loopback). */
function internalOrigin(config: AppContext["config"]) {
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`;
}

export function createApp(ctx: AppContext, options: CreateAppOptions = {}): CreatedApp {
  const { config, logger, pool } = ctx;
  const app = express();
  app.disable("x-powered-by");
  // One spelling per route: "/API/health" or "/api/Tickets" is no route (the API's 404), so no
  // guard mounted on a path is skipped by another case, and no cache or metric keeps one copy
  // per spelling. Every router is made case-sensitive too (Express's default is not), except
  // the client's pages, which match in any case as its router does (lib/route-case.ts).
  app.set("case sensitive routing", true);
  // X-Forwarded-For / -Proto are believed only from the proxy's addresses, so a client reaching
  // the app directly cannot choose its own address (rate limits) or scheme.
  app.set("trust proxy", config.trustProxy.length > 0 ? config.trustProxy : false);
  const trustsProxy = app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  // First, so every answer is counted and timed (GET /metrics, features/metrics).
  const metrics = createMetrics(ctx);
  app.use(metrics.recordRequests);
  // Hot public lists are answered before all of the above, with the same headers (lib/fast-path.ts).
  const fastPath = createFastPath({
    logger,
    isTrustedProxy: (address) => trustsProxy(address, 0),
    onAnswer: metrics.recordFastAnswer,
  });
  fastPath.install(app);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestId(req);
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith("/api") },
      // One short line per API request; headers (cookies), bodies and query strings are never
      // logged, and errors lose their SQL and parameters (lib/logger.ts). Unwrapped, so these
      // see the request and the error themselves, not pino's own rendering of them.
      wrapSerializers: false,
      serializers: {
        // The path without its query: a query may carry one-time codes and upload signatures.
        req: (req) => ({ id: req.id, method: req.method, url: String(req.url ?? "").split("?")[0] }),
        res: (res) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    }),
  );
  app.use(createSecurityHeaders(config, (path) => FEATURE_ROUTE_SETS.pages.has(path)));
  if (config.isProduction) {
    app.use((req, res, next) => {
      if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      next();
    });
  }
  app.use(compression());

  const usersRepository = createUsersRepository(ctx.db);
  const passport = createPassport();
  passport.serializeUser((user, done) => done(null, user.id));
  passport.deserializeUser(
    async (req: express.Request, id: string, done: (err: unknown, user?: Express.User | false) => void) => {
      try {
        // Usually read in the session's own query (auth/session.ts); looked up when it was not.
        const user = userReadWithSession(req) ?? (await usersRepository.findById(id));
        done(null, user ?? false);
      } catch (error) {
        done(error);
      }
    },
  );

  const limiters = createRateLimiters(ctx.db, config.rateLimits);
  // Every sign-in starts here, whatever the issuer: one attempt, one count.
  app.get(SIGN_IN_PATH, limiters.signIn);

  let oidcSettings: OidcSettings;
  if (config.oidc) {
    oidcSettings = { ...config.oidc, forceLoginPrompt: false };
  } else {
    if (config.isProduction) logger.warn(BUILTIN_LOGIN_WARNING);
    const builtin = createBuiltinProvider(config, ctx.secrets, ctx.db);
    app.post("/oidc/interaction/:uid/login", limiters.signInForm);
    app.use("/oidc", builtin.router);
    oidcSettings = {
      issuerUrl: builtin.issuerUrl,
      clientId: builtin.clientId,
      clientSecret: builtin.clientSecret,
      forceLoginPrompt: true,
      // Behind the TLS proxy the app calls its own provider directly (see OidcSettings).
      internalOrigin: config.isProduction ? internalOrigin(config) : undefined,
    };
  }
  const oidc = setUpOidc({
    config,
    settings: oidcSettings,
    users: usersRepository,
    logger,
    passportInstance: passport,
  });

  // Every change to a cached table reaches this instance's caches (lib/cache-notifications.ts).
  // It connects at the first cached read, so building the app needs no database.
  const cacheNotifications = createCacheNotifications(pool.options, logger);
  const sessionCache = createSessionCache(cacheNotifications, config.readCacheTtlMs);
  const sessionSecret = config.sessionSecret ?? ctx.secrets.sessionSecret;
  // Members' lists may be answered before the stack for a verified, signed-in session held here.
  fastPath.allowMembers((req) => {
    const sid = signedSessionId(req, sessionSecret);
    return sid !== undefined && sessionCache.hasUser(sid);
  });
  const session = createSessionMiddleware(pool, ctx.db, config, sessionSecret, sessionCache);
  app.use("/api", sameOriginOnly(config.appUrl, ["/stripe/webhook"]));
  // Public reads never look at the visitor, so they skip the session lookup (a query each).
  const withSession = express
    .Router({ caseSensitive: true })
    .use(session.middleware, passport.initialize(), passport.session());
  app.use(["/api", "/objects"], (req, res, next) => {
    if (req.method === "GET" && FEATURE_ROUTE_SETS.publicReads.has(req.originalUrl.split("?")[0])) return next();
    // Whatever reads the session may depend on who asks: no cache keeps it, a browser's
    // included, unless its route sets a policy of its own (docs/decisions/023-http-edges.md).
    if (req.baseUrl === "/api") res.setHeader("Cache-Control", PER_USER_CACHE_CONTROL);
    withSession(req, res, next);
  });
  app.use(pageRoute(PAGES_WITH_SESSION, withSession));

  // Purchases are limited per user (per address when anonymous), before any work is done.
  app.post(FEATURE_ROUTE_SETS.purchases, limiters.purchase);
  // So are upload addresses: each one lets its holder store a logo.
  app.post(FEATURE_ROUTE_SETS.uploads, limiters.upload);
  // Public links (an invoice's) are limited per client address, signed in or not.
  app.use(FEATURE_ROUTE_SETS.publicLinks, limiters.publicInvoice);
  // Documents (PDFs) per user, or address, before any is made.
  app.get(FEATURE_ROUTE_SETS.documents, limiters.document);

  // Background work is defined with the features and runs only once startWorkers() is called.
  const jobs = createJobRunner({ pool, logger, settings: config.jobs });
  // Ended rate-limit windows are swept on schedule, never by a request (docs/decisions/008-rate-limits-in-postgres.md).
  jobs.define({
    name: RATE_LIMITS_CLEANUP_QUEUE,
    handler: async () => {
      const removed = await removeExpiredRateLimits(ctx.db);
      if (removed > 0) logger.debug({ removed }, "removed ended rate-limit windows");
    },
    everyMs: config.jobs.sweepIntervalMs,
  });
  const services = createFeatureServices(ctx, jobs, { cacheNotifications, metrics, fastPath });
  mountRawBodyFeatures(app, ctx, services);
  app.use("/api", express.json({ limit: JSON_BODY_LIMIT }));
  app.use("/api", refuseNulCharacters);
  app.use("/api", createAuthRouter({ config, oidc, passport, forceLoginPrompt: oidcSettings.forceLoginPrompt }));
  (options.mountFeatures ?? mountFeatures)(app, ctx, services);
  app.use("/api", apiNotFound);
  // "/API/…" in another case is no route either, and answered as the API's, never as a page.
  app.use((req, res, next) => (isApiPath(req.path) ? apiNotFound(req, res, next) : next()));
  options.mountClient?.(app);
  app.use(signInPageErrors);
  app.use(errorHandler);

  return {
    app,
    fastPath,
    startWorkers: () => jobs.start(),
    stopWorkers: () => jobs.stop(),
    async close() {
      await jobs.stop();
      await services.documents.close();
      await cacheNotifications.close();
      session.close();
    },
  };
}
