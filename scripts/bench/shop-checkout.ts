/**
 * The bench's shop checkout row: carts of 1–3 lines over a few hot variants of limited stock,
 * more units than they hold, every cart another buyer from another address, placed from every
 * connection at once. It counts per variant that the units sold and left add up to its stock
 * (oversold units are reported) and must place 600 orders a second
 * (docs/decisions/044-the-shop-as-one-room.md). It runs its own server instance on the bench's
 * database, paid through the repo's Stripe stand-in in a process of its own, since the shop's
 * checkout always starts a card payment.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort, waitFor } from "./processes";
import { seedCheckoutData } from "./seed";

export const CHECKOUT_ROUTE = "/api/merchandise-orders";
/** The cart orders placed per second the shop's checkout must reach. */
const CHECKOUT_TARGET_ORDERS = 600;
/** Hot items (one variant each) the carts share, and each one's stock. */
const CHECKOUT_ITEMS = Number(process.env.BENCH_CHECKOUT_ITEMS ?? 4);
const CHECKOUT_STOCK = Number(process.env.BENCH_CHECKOUT_STOCK ?? 1000);
/** Carts of 1–3 lines (two on average): half as many units again as the items hold. */
const CHECKOUT_REQUESTS = Number(process.env.BENCH_CHECKOUT_REQUESTS ?? CHECKOUT_STOCK * 3);
/** Request n's cart: 1–3 different hot variants, one unit each. */
const cartOf = (n: number, variantIds: string[]) =>
  Array.from({ length: 1 + (n % 3) }, (_, k) => ({ variantId: variantIds[(n + k) % variantIds.length], quantity: 1 }));

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

function run(opts: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export async function benchShopCheckout({
  dbUrl,
  serverEnv,
  connections,
  headers,
}: {
  dbUrl: string;
  /** The bench server's settings; the checkout's instance adds its port and Stripe keys. */
  serverEnv: NodeJS.ProcessEnv;
  connections: number;
  /** Sent with every request (X-Forwarded-Proto: production cookies are Secure, behind TLS). */
  headers: Record<string, string>;
}): Promise<{ row: string[]; summary: string; pass: boolean }> {
  const children: ChildProcess[] = [];
  try {
    const hot = await seedCheckoutData(dbUrl, CHECKOUT_STOCK, CHECKOUT_ITEMS);
    // Its own instance on the same database, the only one with Stripe keys: the bench's ticket
    // rows stay card-free (tickets are confirmed at once without Stripe), while the shop's
    // checkout answers 503 without it. Its PaymentIntents go to the stand-in, in a process of its own.
    const stripe = spawn(process.execPath, ["--import", "tsx", "scripts/bench/stripe-stand-in-server.ts"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.push(stripe);
    const stripeUrl = await new Promise<string>((resolve, reject) => {
      stripe.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().split("\n")[0]));
      stripe.once("exit", () => reject(new Error("the Stripe stand-in exited")));
    });
    const checkoutPort = await freePort();
    const checkoutServer = spawn(
      process.execPath,
      [
        ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
        path.join(process.env.DIST_DIR ?? "dist", "server/index.js"),
      ],
      {
        env: {
          ...serverEnv,
          PORT: String(checkoutPort),
          STRIPE_SECRET_KEY: "sk_test_bench_stand_in",
          STRIPE_PUBLISHABLE_KEY: "pk_test_bench_stand_in",
          STRIPE_WEBHOOK_SECRET: "whsec_bench_stand_in",
          STRIPE_API_BASE: stripeUrl,
          // One Stripe call in flight per connection: the stand-in answers at once, where the
          // default of 10 is sized for Stripe's own latency and would answer 503 "busy" here.
          STRIPE_MAX_CONCURRENT: String(connections),
        },
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    children.push(checkoutServer);
    const checkoutUrl = `http://localhost:${checkoutPort}`;
    await waitFor(`${checkoutUrl}/api/health`, checkoutServer);
    // Each request is another buyer (e-mail) from another address (X-Forwarded-For, believed from
    // loopback in production), as a sale's traffic is: the unpaid-checkout limits count per
    // address and per e-mail, and serialise one holder's checkouts.
    let buyer = 0;
    // Timed here, to the last answer: autocannon ends a run of a fixed number of requests on
    // its next one-second tick, so its duration counts whole seconds.
    const started = performance.now();
    let lastAnswer = started;
    const result = await run({
      url: checkoutUrl + CHECKOUT_ROUTE,
      method: "POST",
      connections,
      amount: CHECKOUT_REQUESTS,
      requests: [
        {
          onResponse: () => {
            lastAnswer = performance.now();
          },
          setupRequest: (request) => {
            const n = buyer++;
            return {
              ...request,
              headers: {
                "content-type": "application/json",
                ...headers,
                "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              },
              body: JSON.stringify({
                items: cartOf(n, hot.variantIds),
                email: `bench-shop-${n}@label.test`,
                address: {
                  name: "Bench Buyer",
                  line1: "1 Bench St",
                  city: "Atlanta",
                  postalCode: "30301",
                  country: "US",
                },
              }),
            };
          },
        },
      ],
    });
    const seconds = (lastAnswer - started) / 1000;
    const count = (code: number) => result.statusCodeStats?.[`${code}`]?.count ?? 0;
    const created = count(201);
    const refused = count(409);
    const other = CHECKOUT_REQUESTS - created - refused;
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    // Per variant: units in order lines and units left must add up to its stock, never below zero.
    const perVariant = await db.query(
      `select v.id, v.stock_quantity as "left", coalesce(sum(l.quantity), 0)::int as sold
       from merchandise_variants v left join merchandise_order_lines l on l.variant_id = v.id
       where v.id = any($1::varchar[]) group by v.id, v.stock_quantity`,
      [hot.variantIds],
    );
    const orders = await db.query(
      `select count(*)::int as n, count(*) filter (where lines = 0)::int as empty
       from (select o.id, count(l.id) as lines from merchandise_orders o
         left join merchandise_order_lines l on l.order_id = o.id group by o.id) o`,
    );
    await db.end();
    const oversold = perVariant.rows.reduce(
      (n, row) => n + Math.max(0, (row.sold as number) - hot.stock) + Math.max(0, -(row.left as number)),
      0,
    );
    const wrongCount = perVariant.rows.filter(
      (row) => (row.sold as number) + (row.left as number) !== hot.stock,
    ).length;
    const unitsSold = perVariant.rows.reduce((n, row) => n + (row.sold as number), 0);
    const exact = oversold === 0 && wrongCount === 0 && orders.rows[0].n === created && orders.rows[0].empty === 0;
    const ordersPerSecond = created / seconds;
    const fast = ordersPerSecond >= CHECKOUT_TARGET_ORDERS;
    const pass = exact && fast && other === 0 && result.errors + result.timeouts === 0;
    const row = [
      `POST ${CHECKOUT_ROUTE} (carts of 1–3)`,
      `${ordersPerSecond.toFixed(0)} orders`,
      String(result.latency.p99),
      ...Array<string>(9).fill("-"),
      `>= ${CHECKOUT_TARGET_ORDERS} orders/s, no oversell`,
      String(other + result.errors + result.timeouts),
      pass ? "PASS" : "MISS",
    ];
    const summary =
      `Checkout check: ${CHECKOUT_REQUESTS} cart orders of 1–3 of ${CHECKOUT_ITEMS} variants holding ${hot.stock} each, ${connections} connections -> ` +
      `${created} created (${orders.rows[0].n} orders in the database, ${unitsSold} units), ${refused} refused with 409, ${other} other answers` +
      `${other ? ` (${JSON.stringify(result.statusCodeStats)})` : ""}; ` +
      `${oversold} oversold, ${wrongCount} variants whose units sold and left do not add up to their stock: ${exact ? "no oversell" : "WRONG COUNT"}. ` +
      `${ordersPerSecond.toFixed(0)} orders/s over ${seconds.toFixed(2)} s (p99 ${result.latency.p99} ms, every answer; target ${CHECKOUT_TARGET_ORDERS}/s). ` +
      `Its server has Stripe keys pointed at the repo's Stripe stand-in (server/test/stripe-stand-in.ts), run in a process ` +
      `of its own on the same machine: each order creates a PaymentIntent there, with no network to Stripe.`;
    return { row, summary, pass };
  } finally {
    for (const child of children.reverse()) await stop(child);
  }
}
