import { z } from "zod";
import net from "node:net";
import { isTimeZone } from "@shared/validation";

// Every environment variable (.env.example lists them), parsed once at start. A wrong value stops
// the server with one line naming the variable (see formatConfigError).
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ message: "must be a URL" }).optional())
  .optional();

/** "tickets@label.example" or "Label Records <tickets@label.example>". */
const MAIL_ADDRESS = /^(?:[^<>]*<\s*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** Express's names for address ranges ("loopback": 127.0.0.1/8 and ::1). */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IP address, or one with a prefix length ("10.0.0.0/24", "fd00::/8"). */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: the addresses of the proxy in front, whose X-Forwarded-For and -Proto are
 * believed (docs/decisions/023-http-edges.md). A hop count or `true` is refused: Express
 * believes the nearest N hops whoever they are, so a client reaching the app directly would
 * choose its own address and dodge every per-address limit.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): string[] {
  if (["none", "0", "false"].includes(value)) return [];
  const entries = value.split(",").map((entry) => entry.trim());
  const wrong = entries.find((entry) => !PROXY_RANGE_NAMES.has(entry) && !isAddressOrRange(entry));
  if (wrong !== undefined) {
    ctx.addIssue({
      code: "custom",
      message: /^\d+$|^true$/.test(value)
        ? "must name the proxy's addresses (such as loopback or 10.0.0.0/24), not a number of hops: a count believes whoever connects"
        : `must name the proxy's addresses (such as loopback or 10.0.0.0/24), or none; "${wrong}" is not an address`,
    });
    return z.NEVER;
  }
  return entries;
}

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ message: "must be a port number" }).int().min(0).max(65535).default(5000),
  HOST: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: optionalUrl,
  SESSION_SECRET: optionalString.pipe(z.string().min(32, { message: "must be at least 32 characters" }).optional()),
  APP_URL: optionalUrl,
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  ALLOW_BUILTIN_LOGIN: booleanFlag.optional(),
  ALLOW_BUILTIN_ADMIN: booleanFlag.optional(),
  ADMIN_EMAILS: optionalString,
  MASTER_CODE: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Tests only: points the Stripe client at a local stand-in (server/test/stripe-stand-in.ts).
  STRIPE_API_BASE: optionalUrl,
  STORAGE_DRIVER: z.enum(["local", "gcs"], { message: "must be local or gcs" }).default("local"),
  GCS_BUCKET: optionalString,
  GCS_PROJECT_ID: optionalString,
  GCS_KEY_FILE: optionalString,
  SEED_DEMO: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  LIVE_STREAM_POLL_MS: z.coerce.number().int().min(1000).optional(),
  READ_CACHE_TTL_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds" })
    .int()
    .min(0)
    .max(3_600_000)
    .optional(),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, { message: "must be at least 16 characters" }).optional()),
  CDN_S_MAXAGE: z.coerce.number({ message: "must be a whole number of seconds" }).int().min(0).max(3600).optional(),
  CDN_STALE_WHILE_REVALIDATE: z.coerce
    .number({ message: "must be a whole number of seconds" })
    .int()
    .min(0)
    .max(86_400)
    .optional(),
  SIGNIN_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  PURCHASE_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  UPLOAD_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  PUBLIC_INVOICE_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  DOCUMENT_RATE_LIMIT: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  DOCUMENT_THREADS: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(64).optional(),
  DOCUMENT_CACHE_MB: z.coerce
    .number({ message: "must be a whole number of megabytes" })
    .int()
    .min(0)
    .max(4096)
    .optional(),
  INVOICE_SENDS_PER_HOUR: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  INVOICE_SENDS_PER_DAY: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  INVOICE_MEMBER_SENDS_PER_HOUR: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  OUTSIDE_MAIL_PER_MINUTE: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  NEW_ACCOUNT_NEW_ADDRESSES: z.coerce.number({ message: "must be a whole number" }).int().min(0).optional(),
  STOCK_REQUESTS_PER_HOUR: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  UPLOAD_QUOTA_MB: z.coerce.number({ message: "must be a whole number of megabytes" }).int().min(5).optional(),
  UNPAID_HOLDS_PER_ADDRESS: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  UNPAID_HOLDS_PER_EMAIL: z.coerce.number({ message: "must be a whole number" }).int().min(1).optional(),
  // Hours a waiting-list offer holds its tickets before the next in line gets them (default 24).
  WAITLIST_OFFER_HOURS: z.coerce
    .number({ message: "must be a whole number of hours" })
    .int()
    .min(1)
    .max(720)
    .optional(),
  STRIPE_MAX_CONCURRENT: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(1000).optional(),
  TRUST_PROXY: optionalString.pipe(z.string().transform(parseTrustProxy).optional()),
  // Shows (docs/product.md, "Shows"): the venue zone when an administrator picks none, and the
  // vendor slots per spot type a show offers unless set on the show.
  DEFAULT_TIME_ZONE: optionalString.refine((v) => !v || isTimeZone(v), {
    message: "must be an IANA time zone such as Europe/Berlin",
  }),
  ROYALTY_MINIMUM_PAYOUT: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, { message: "must be an amount like 25.00" })
      .optional(),
  ),
  // Music submissions: the days within which the label promises every artist an answer.
  SUBMISSIONS_REPLY_DAYS: z.coerce
    .number({ message: "must be a whole number of days" })
    .int()
    .min(1)
    .max(365)
    .optional(),
  VENDOR_SLOTS_PER_TYPE: z.coerce.number({ message: "must be a whole number" }).int().min(0).max(10_000).optional(),
  // Mail and background jobs (server/features/outbox, server/jobs).
  SMTP_URL: optionalUrl.refine((v) => !v || /^smtps?:\/\//.test(v), { message: "must be an smtp:// or smtps:// URL" }),
  MAIL_FROM: optionalString.refine((v) => !v || MAIL_ADDRESS.test(v), {
    message: "must be an address like Label Records <tickets@label.example>",
  }),
  MAIL_RETRY_DELAY_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds" })
    .int()
    .min(1000)
    .optional(),
  MAIL_MAX_ATTEMPTS: z.coerce.number({ message: "must be a whole number" }).int().min(1).max(50).optional(),
  JOBS_SWEEP_INTERVAL_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds" })
    .int()
    .min(1000)
    .optional(),
  RUN_WORKERS: booleanFlag.optional(),
  JOBS_POLL_INTERVAL_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds" })
    .int()
    .min(500)
    .optional(),
});

export type Env = z.infer<typeof envSchema>;
