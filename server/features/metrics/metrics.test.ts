import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app-harness";
import { prometheusNameProblems } from "../../test/prometheus-names";

/**
 * The app's own series: the exposition without prom-client's process and Node.js figures, whose
 * names are the library's (and which Node.js dashboards expect as they are).
 */
function ownSeries(exposition: string): string {
  const library = /^(# (HELP|TYPE) )?label_(process|nodejs)_/;
  return exposition
    .split("\n")
    .filter((line) => !library.test(line))
    .join("\n");
}

const promtool = spawnSync("promtool", ["--version"]).status === 0;

const TOKEN = "scrape-token-for-tests-0123456789";

describe("GET /metrics", () => {
  let app: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { METRICS_TOKEN: TOKEN, READ_CACHE_TTL_MS: "60000" }, workers: true });
    off = await startTestApp({ database: app.database });
  });
  afterAll(async () => {
    await off?.close();
    await app?.close();
  });

  it("does not exist when no token is configured", async () => {
    await off.agent().get("/metrics").set("Authorization", `Bearer ${TOKEN}`).expect(404);
  });

  it("refuses a missing or wrong token", async () => {
    const missing = await app.agent().get("/metrics").expect(401);
    expect(missing.headers["www-authenticate"]).toMatch(/^Bearer/);
    await app.agent().get("/metrics").set("Authorization", `Bearer ${TOKEN}x`).expect(401);
    await app.agent().get("/metrics").set("Authorization", TOKEN).expect(401);
  });

  it("exposes traffic by route pattern, the pool, the caches and the job queues", async () => {
    await app.agent().get("/api/tour-dates").expect(200);
    await app.agent().get("/api/tour-dates").expect(200);
    await app.agent().get("/api/tour-dates?fresh=1").expect(200);
    await app.agent().delete("/api/events/not-a-real-id").expect(401);
    await app.agent().get("/api/no-such-thing").expect(404);
    const res = await app.agent().get("/metrics").set("Authorization", `Bearer ${TOKEN}`).expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toMatch(/^label_http_requests_total\{method="GET",route="\/api\/tour-dates",status="200"\} 3$/m);
    expect(text).toMatch(
      /^label_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/tour-dates",status="200"\} \d+$/m,
    );
    expect(text).toMatch(/route="unmatched",status="404"/);
    expect(text).toMatch(/^label_http_requests_total\{method="DELETE",route="\/api\/events\/:id",status="401"\} 1$/m);
    expect(text).not.toMatch(/fresh=1|not-a-real-id|no-such-thing/);
    expect(text).toMatch(/^label_db_pool_connections \d+$/m);
    expect(text).toMatch(/^label_db_pool_idle_connections \d+$/m);
    expect(text).toMatch(/^label_db_pool_waiting_queries 0$/m);
    expect(text).toMatch(/^label_cache_misses_total\{cache="tour-dates"\} [1-3]$/m);
    expect(text).toMatch(/^label_job_queue_depth\{queue="outbox-sweep"\} \d+$/m);
    expect(text).toMatch(/^label_job_oldest_age_seconds\{queue="[\w-]+"\} [\d.e+-]+$/m);
    expect(text).toMatch(/^# TYPE label_payment_failures_total counter$/m);
    expect(text).toMatch(/^# TYPE label_webhook_failures_total counter$/m);
  });

  it("names the app's own series as promtool's rules ask, checked in JS", async () => {
    await app.agent().get("/api/tour-dates").expect(200);
    const text = ownSeries((await app.agent().get("/metrics").set("Authorization", `Bearer ${TOKEN}`)).text);
    expect(text).toMatch(/^# TYPE label_db_pool_connections gauge$/m);
    expect(prometheusNameProblems(text)).toEqual([]);
  });

  it.skipIf(!promtool)("passes `promtool check metrics` (where promtool is installed)", async () => {
    await app.agent().get("/api/tour-dates").expect(200);
    const text = ownSeries((await app.agent().get("/metrics").set("Authorization", `Bearer ${TOKEN}`)).text);
    const check = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(`${check.stdout}${check.stderr}`.trim()).toBe("");
    expect(check.status).toBe(0);
  });

  it("counts a shop checkout's server error as a payment failure, and not the orders list's", async () => {
    // Without Stripe keys the cart's checkout answers 503 before anything is held.
    await app
      .agent()
      .post("/api/merchandise-orders")
      .send({
        items: [{ variantId: "00000000-0000-4000-8000-000000000000", quantity: 1 }],
        email: "fan@fans.test",
        address: { name: "Ada", line1: "1 Main St", city: "Portland", postalCode: "97201", country: "US" },
      })
      .expect(503);
    const text = (await app.agent().get("/metrics").set("Authorization", `Bearer ${TOKEN}`)).text;
    expect(text).toMatch(/^label_payment_failures_total\{kind="\/api\/merchandise-orders 503"\} 1$/m);
  });

  it("counts refused webhooks", async () => {
    await app.agent().post("/api/stripe/webhook").set("Content-Type", "application/json").send("{}");
    const text = (await app.agent().get("/metrics").set("Authorization", `Bearer ${TOKEN}`)).text;
    expect(text).toMatch(/^label_webhook_failures_total\{status="(400|503)"\} 1$/m);
  });
});
