import os from "node:os";
import path from "node:path";

// The environment as server/env-schema.ts parses it, turned into the settings each part reads.
import { envSchema } from "./env-schema";
export type { Env } from "./env-schema";

export interface StripeApiBase {
  protocol: "http" | "https";
  host: string;
  port: number;
}

function parseStripeApiBase(value: string): StripeApiBase {
  const url = new URL(value);
  const protocol = url.protocol.replace(":", "");
  if (protocol !== "http" && protocol !== "https") {
    throw new ConfigError("Invalid configuration: STRIPE_API_BASE must be an http(s) URL");
  }
  return { protocol, host: url.hostname, port: Number(url.port || (protocol === "https" ? 443 : 80)) };
}

export interface AppConfig {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Undefined only until resolveSecrets() fills in the development secret. */
  sessionSecret?: string;
  appUrl: string;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | null;
  allowBuiltinLogin: boolean;
  adminEmails: string[];
  masterCode?: string;
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret?: string;
    /** Where the Stripe client sends API calls; unset means api.stripe.com (tests set it). */
    apiBase?: StripeApiBase;
  } | null;
  storage: { driver: "local" } | { driver: "gcs"; bucket: string; projectId?: string; keyFile?: string };
  seedDemo: boolean;
  logLevel: string;
  /** Client poll interval for the live stream; shortened only by tests' configuration. */
  liveStreamPollMs: number;
  /**
   * Sign-in attempts per client address per 15 minutes, purchases per client per minute, and
   * upload addresses per user per 15 minutes, public invoice reads per client address per minute.
   */
  rateLimits: {
    signInPer15Minutes: number;
    purchasesPerMinute: number;
    uploadsPer15Minutes: number;
    publicInvoicesPerMinute: number;
    /** PDFs (invoices, tickets, public invoice links) per user, or client address, per minute. */
    documentsPerMinute: number;
  };
  /**
   * PDFs are made in worker threads, at most `threads` at once, and kept in this instance's
   * memory up to `cacheBytes` (docs/decisions/022-documents-off-the-main-thread.md).
   */
  documents: { threads: number; cacheBytes: number };
  /**
   * The longest a hot list's copy lives in memory; changes drop it at once (notifications from
   * PostgreSQL), so this is only a safety limit. 0 turns the read cache off.
   */
  readCacheTtlMs: number;
  /** What public lists allow shared caches (a CDN, nginx): fresh for sMaxAgeS, then stale while refetched. */
  cdn: { sMaxAgeS: number; staleWhileRevalidateS: number };
  /** Bearer token Prometheus sends to GET /metrics; unset turns the endpoint off (404). */
  metricsToken?: string;
  /**
   * Invoice e-mails a member may have the platform send: of one invoice per hour, and in all
   * per day (docs/product.md, "Invoices").
   */
  invoiceSends: {
    perInvoicePerHour: number;
    perMemberPerDay: number;
    /** A member's invoice e-mails in one hour (from the first of them). */
    perMemberPerHour: number;
    /** Invoice e-mails to addresses no signed-up user has, all members together, per minute. */
    outsidePerMinute: number;
    /** New outside addresses an account younger than a day may e-mail (docs/decisions/041-mail-that-cannot-be-abused.md). */
    newAddressesFirstDay: number;
  };
  /** "Tell me when it's back" sign-ups of one address by one visitor per hour. */
  stockRequestsPerHour: number;
  /** The bytes one user's uploads may take at once (unused uploads are removed after a day). */
  uploads: { quotaBytes: number };
  /** Unpaid checkouts (merchandise orders, vendor bookings) one address or one e-mail may hold. */
  unpaidHolds: { perAddress: number; perEmail: number };
  /** WAITLIST_OFFER_HOURS: how long a waiting-list offer holds its tickets. */
  waitlistOfferHours: number;
  /** Shows: the zone of a venue no administrator chose, and the slots per spot type a show offers by default. */
  shows: { defaultTimeZone: string; vendorSlotsPerType: number };
  /**
   * Royalty statements: a payee is paid only when their closing balance reaches minimumPayout
   * (a decimal string in the label's currency); below it the balance carries forward.
   */
  royalties: { minimumPayout: string };
  /** Music submissions: every artist is answered within replyDays of submitting. */
  submissions: { replyDays: number };
  /** Outgoing Stripe calls this instance makes at once; more answer 503 at once. */
  stripeMaxConcurrent: number;
  /**
   * The proxy's addresses (IPs, CIDR ranges, "loopback"…) whose X-Forwarded-For / -Proto are
   * believed (Express's "trust proxy"). Empty: the app is reached directly and those headers
   * are ignored.
   */
  trustProxy: string[];
  /**
   * Outgoing mail. Without smtpUrl messages stay queued in the outbox (readable at
   * /admin/outbox) until SMTP is configured. A failed delivery is tried again after
   * retryDelayMs, doubling each time, up to maxAttempts.
   */
  mail: { smtpUrl?: string; from?: string; retryDelayMs: number; maxAttempts: number };
  /** pg-boss workers: how often each instance runs the scheduled sweeps, and polls for jobs. */
  /** Background jobs; `work` false leaves them to the instances that run workers (RUN_WORKERS). */
  jobs: { sweepIntervalMs: number; pollIntervalMs: number; work: boolean };
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const port = env.PORT;

  const oidcValues = [env.OIDC_ISSUER_URL, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  const oidcSet = oidcValues.filter(Boolean).length;
  if (oidcSet > 0 && oidcSet < 3) {
    const missing = ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"][oidcValues.findIndex((v) => !v)];
    throw new ConfigError(`Invalid configuration: ${missing} is required when any OIDC variable is set`);
  }
  const allowBuiltinLogin = env.ALLOW_BUILTIN_LOGIN ?? !isProduction;
  if (isProduction && oidcSet === 0 && !allowBuiltinLogin) {
    throw new ConfigError(
      "Invalid configuration: OIDC_ISSUER_URL is required in production (or set ALLOW_BUILTIN_LOGIN=true)",
    );
  }
  // With the built-in provider anyone can type an ADMIN_EMAILS address and become an admin.
  if (
    isProduction &&
    oidcSet === 0 &&
    allowBuiltinLogin &&
    env.ADMIN_EMAILS?.split(",").some((e) => e.trim()) &&
    !env.ALLOW_BUILTIN_ADMIN
  ) {
    throw new ConfigError(
      "Invalid configuration: ADMIN_EMAILS with the built-in sign-in provider in production lets anyone sign in as an administrator; use a real OIDC issuer, or set ALLOW_BUILTIN_ADMIN=true to accept that",
    );
  }
  if (isProduction && !env.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration: SESSION_SECRET is required in production");
  }
  if (
    (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) ||
    (!env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY)
  ) {
    const missing = env.STRIPE_SECRET_KEY ? "STRIPE_PUBLISHABLE_KEY" : "STRIPE_SECRET_KEY";
    throw new ConfigError(`Invalid configuration: ${missing} is required when the other Stripe key is set`);
  }
  if (env.SMTP_URL && !env.MAIL_FROM) {
    throw new ConfigError("Invalid configuration: MAIL_FROM is required when SMTP_URL is set");
  }
  if (env.STORAGE_DRIVER === "gcs" && !env.GCS_BUCKET) {
    throw new ConfigError("Invalid configuration: GCS_BUCKET is required when STORAGE_DRIVER is gcs");
  }

  return {
    env: env.NODE_ENV,
    isProduction,
    port,
    host: env.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    dataDir: path.resolve(env.DATA_DIR ?? "./.data"),
    databaseUrl: env.DATABASE_URL,
    sessionSecret: env.SESSION_SECRET,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    oidc:
      oidcSet === 3
        ? { issuerUrl: env.OIDC_ISSUER_URL!, clientId: env.OIDC_CLIENT_ID!, clientSecret: env.OIDC_CLIENT_SECRET! }
        : null,
    allowBuiltinLogin,
    adminEmails: (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    masterCode: env.MASTER_CODE,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE ? parseStripeApiBase(env.STRIPE_API_BASE) : undefined,
          }
        : null,
    storage:
      env.STORAGE_DRIVER === "gcs"
        ? { driver: "gcs", bucket: env.GCS_BUCKET!, projectId: env.GCS_PROJECT_ID, keyFile: env.GCS_KEY_FILE }
        : { driver: "local" },
    seedDemo: env.SEED_DEMO ?? env.NODE_ENV === "development",
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "test" ? "silent" : "info"),
    liveStreamPollMs: env.LIVE_STREAM_POLL_MS ?? 30000,
    readCacheTtlMs: env.READ_CACHE_TTL_MS ?? 60_000,
    metricsToken: env.METRICS_TOKEN,
    cdn: { sMaxAgeS: env.CDN_S_MAXAGE ?? 1, staleWhileRevalidateS: env.CDN_STALE_WHILE_REVALIDATE ?? 30 },
    rateLimits: {
      signInPer15Minutes: env.SIGNIN_RATE_LIMIT ?? 30,
      purchasesPerMinute: env.PURCHASE_RATE_LIMIT ?? 30,
      uploadsPer15Minutes: env.UPLOAD_RATE_LIMIT ?? 10,
      publicInvoicesPerMinute: env.PUBLIC_INVOICE_RATE_LIMIT ?? 60,
      documentsPerMinute: env.DOCUMENT_RATE_LIMIT ?? 20,
    },
    documents: {
      // One core stays with the event loop that answers requests.
      threads: env.DOCUMENT_THREADS ?? Math.max(1, os.availableParallelism() - 1),
      cacheBytes: (env.DOCUMENT_CACHE_MB ?? 32) * 1024 * 1024,
    },
    invoiceSends: {
      perInvoicePerHour: env.INVOICE_SENDS_PER_HOUR ?? 3,
      perMemberPerDay: env.INVOICE_SENDS_PER_DAY ?? 50,
      perMemberPerHour: env.INVOICE_MEMBER_SENDS_PER_HOUR ?? 20,
      outsidePerMinute: env.OUTSIDE_MAIL_PER_MINUTE ?? 60,
      newAddressesFirstDay: env.NEW_ACCOUNT_NEW_ADDRESSES ?? 3,
    },
    stockRequestsPerHour: env.STOCK_REQUESTS_PER_HOUR ?? 3,
    uploads: { quotaBytes: (env.UPLOAD_QUOTA_MB ?? 25) * 1024 * 1024 },
    unpaidHolds: { perAddress: env.UNPAID_HOLDS_PER_ADDRESS ?? 5, perEmail: env.UNPAID_HOLDS_PER_EMAIL ?? 3 },
    waitlistOfferHours: env.WAITLIST_OFFER_HOURS ?? 24,
    shows: { defaultTimeZone: env.DEFAULT_TIME_ZONE ?? "UTC", vendorSlotsPerType: env.VENDOR_SLOTS_PER_TYPE ?? 10 },
    royalties: { minimumPayout: env.ROYALTY_MINIMUM_PAYOUT ?? "0.00" },
    submissions: { replyDays: env.SUBMISSIONS_REPLY_DAYS ?? 14 },
    stripeMaxConcurrent: env.STRIPE_MAX_CONCURRENT ?? 10,
    // Production's proxy on the same host by default: never an address of the outside world.
    trustProxy: env.TRUST_PROXY ?? (isProduction ? ["loopback"] : []),
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      retryDelayMs: env.MAIL_RETRY_DELAY_MS ?? 30_000,
      maxAttempts: env.MAIL_MAX_ATTEMPTS ?? 8,
    },
    jobs: {
      sweepIntervalMs: env.JOBS_SWEEP_INTERVAL_MS ?? 60_000,
      pollIntervalMs: env.JOBS_POLL_INTERVAL_MS ?? 2000,
      work: env.RUN_WORKERS ?? true,
    },
  };
}
