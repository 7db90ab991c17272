import type { RequestHandler } from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AppContext } from "../../context";
import { createMetricsRepository } from "./metrics.repository";

/**
 * Answers from these routes that count as payment failures (server errors only: a sold-out 409 is
 * not one), by pattern or, where a path also serves reads, by method and pattern.
 */
const PAYMENT_ROUTES = new Set([
  "/api/tickets",
  "/api/create-vendor-payment-intent",
  "/api/complete-vendor-booking-payment",
  // The shop's checkout (the cart's order); GET on the same path is the admins' list.
  "POST /api/merchandise-orders",
  "/api/merchandise-orders/complete",
]);
const WEBHOOK_ROUTE = "/api/stripe/webhook";

/**
 * The app's Prometheus series (docs/operations.md, "Metrics"): HTTP traffic by route pattern,
 * the database pool, read-cache hits and misses, the job queues and payment failures. Pool and
 * queue figures are read when scraped, so idle instances cost nothing. Names follow
 * `promtool check metrics` (counters end in `_total`, nothing else does, base units last);
 * metrics.test.ts checks them with promtool where it is installed and with the same rules in JS.
 */
export function createMetrics({ pool, logger, config }: Pick<AppContext, "pool" | "logger" | "config">) {
  const registry = new Registry();
  // The process figures watch the event loop all the time: only when someone can scrape them.
  if (config.metricsToken) collectDefaultMetrics({ register: registry, prefix: "label_" });
  const repository = createMetricsRepository(pool);
  const labels = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "label_http_requests_total",
    help: "HTTP requests answered",
    labelNames: labels,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "label_http_request_duration_seconds",
    help: "Time to answer, by route pattern",
    labelNames: labels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  // Gauges: no `_total` (promtool keeps that suffix for counters); the unit is the name's end.
  poolGauge("label_db_pool_connections", "Connections the pool holds", () => pool.totalCount);
  poolGauge("label_db_pool_idle_connections", "Idle connections in the pool", () => pool.idleCount);
  poolGauge("label_db_pool_waiting_queries", "Queries waiting for a connection", () => pool.waitingCount);
  const cacheHits = new Counter({
    name: "label_cache_hits_total",
    help: "Reads answered from a read cache",
    labelNames: ["cache"],
    registers: [registry],
  });
  const cacheMisses = new Counter({
    name: "label_cache_misses_total",
    help: "Reads that went to the database",
    labelNames: ["cache"],
    registers: [registry],
  });
  const paymentFailures = new Counter({
    name: "label_payment_failures_total",
    help: "Payments that failed",
    labelNames: ["kind"],
    registers: [registry],
  });
  const webhookFailures = new Counter({
    name: "label_webhook_failures_total",
    help: "Stripe webhooks refused or failed",
    labelNames: ["status"],
    registers: [registry],
  });

  // Both queue gauges come from one query per scrape.
  let queueRead: Promise<Awaited<ReturnType<typeof repository.queues>>> | undefined;
  const readQueues = () =>
    (queueRead ??= repository.queues().catch((error: unknown) => {
      logger.debug({ err: error }, "metrics: job queues not readable (workers not started yet?)");
      return [];
    }));
  const queueGauge = (name: string, help: string, pick: (q: { depth: number; oldestSeconds: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await readQueues()) this.set({ queue: q.queue }, pick(q));
      },
    });
  queueGauge("label_job_queue_depth", "Jobs due and waiting for a worker", (q) => q.depth);
  queueGauge("label_job_oldest_age_seconds", "Age of the oldest job waiting", (q) => q.oldestSeconds);

  /** Times every request; labels it with the route pattern that answered, never the raw URL. */
  const recordRequests: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    let pattern: string | undefined;
    let matched: unknown;
    // Express sets req.route when a route takes the request, while req.baseUrl still names
    // the router's mount point; later (errors) the base is already gone.
    Object.defineProperty(req, "route", {
      configurable: true,
      enumerable: true,
      get: () => matched,
      set(route: { path: unknown }) {
        matched = route;
        pattern = req.baseUrl + (Array.isArray(route.path) ? route.path.join("|") : String(route.path));
      },
    });
    res.once("finish", () => {
      const route = pattern ?? "unmatched";
      const status = String(res.statusCode);
      const values = { method: req.method, route, status };
      requests.inc(values);
      duration.observe(values, Number(process.hrtime.bigint() - started) / 1e9);
      if (route === WEBHOOK_ROUTE && res.statusCode >= 400) webhookFailures.inc({ status });
      const payment = PAYMENT_ROUTES.has(route) || PAYMENT_ROUTES.has(`${req.method} ${route}`);
      if (payment && res.statusCode >= 500) paymentFailures.inc({ kind: `${route} ${status}` });
    });
    next();
  };

  return {
    recordRequests,
    /** For read caches: one call per lookup. */
    cacheLookup(cache: string, hit: boolean) {
      (hit ? cacheHits : cacheMisses).inc({ cache });
    },
    /** For the fast path (lib/fast-path.ts), which answers before recordRequests could see it. */
    recordFastAnswer(route: string, status: number, seconds: number, cache: string) {
      const values = { method: "GET", route, status: String(status) };
      requests.inc(values);
      duration.observe(values, seconds);
      cacheHits.inc({ cache });
    },
    /** For the payments code: a failure no HTTP status shows (e.g. a webhook event that could not be settled). */
    paymentFailed(kind: string) {
      paymentFailures.inc({ kind });
    },
    async exposition() {
      queueRead = undefined;
      try {
        return { contentType: registry.contentType, body: await registry.metrics() };
      } finally {
        queueRead = undefined;
      }
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
