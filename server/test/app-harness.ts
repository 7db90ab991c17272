import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import request from "supertest";
import { loadConfig, type AppConfig } from "../config";
import { createApp } from "../app";
import { createLogger, type Logger } from "../lib/logger";
import { generateLocalSecrets } from "../lib/secrets";
import { createTestDatabase, type TestDatabase } from "./database";

export type Agent = ReturnType<typeof request.agent>;

/** The agent's session cookie as a Cookie header value ("label.sid=…"), to replay it elsewhere. */
export function sessionCookieOf(agent: Agent): string {
  const jar = (agent as unknown as { jar: { getCookie(name: string, access: object): { value: string } | undefined } })
    .jar;
  const cookie = jar.getCookie("label.sid", { domain: "127.0.0.1", path: "/", secure: false, script: false });
  if (!cookie) throw new Error("the agent has no session cookie");
  return `label.sid=${cookie.value}`;
}

export interface TestApp {
  baseUrl: string;
  config: AppConfig;
  database: TestDatabase;
  db: TestDatabase["db"];
  /** A cookie-keeping client with no session yet. */
  agent(): Agent;
  /** Signs in through the real OIDC flow of the built-in provider and returns the agent. */
  signIn(email: string, name?: string): Promise<Agent>;
  /** How many requests the fast path answered so far (lib/fast-path.ts). */
  fastAnswers(): number;
  close(): Promise<void>;
}

/**
 * The real app on a real port (the built-in sign-in provider discovers itself over HTTP),
 * on a fresh database. `env` takes environment variables exactly as the server would.
 */
export interface StartTestAppOptions {
  env?: Record<string, string>;
  database?: TestDatabase;
  logger?: Logger;
  /** Runs the background workers (pg-boss) too; most test files do not need them. */
  workers?: boolean;
  /** Serves a client after the API, as server/index.ts does (page status tests). */
  mountClient?: (app: Express) => void;
}

export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Tests sign in, buy and upload far more often than a person; limit tests set their own limits.
  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: baseUrl,
    PORT: String(port),
    SIGNIN_RATE_LIMIT: "100000",
    PURCHASE_RATE_LIMIT: "100000",
    UPLOAD_RATE_LIMIT: "100000",
    PUBLIC_INVOICE_RATE_LIMIT: "100000",
    DOCUMENT_RATE_LIMIT: "100000",
    UPLOAD_QUOTA_MB: "100000",
    UNPAID_HOLDS_PER_ADDRESS: "100000",
    UNPAID_HOLDS_PER_EMAIL: "100000",
    INVOICE_MEMBER_SENDS_PER_HOUR: "100000",
    OUTSIDE_MAIL_PER_MINUTE: "100000",
    NEW_ACCOUNT_NEW_ADDRESSES: "100000",
    STOCK_REQUESTS_PER_HOUR: "100000",
    // Tests change rows directly and read them back at once; the micro-cache has its own test.
    READ_CACHE_TTL_MS: "0",
    ...options.env,
  });
  const created = createApp(
    {
      config,
      db: database.db,
      pool: database.pool,
      logger: options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? "silent"),
      secrets: generateLocalSecrets(),
    },
    { mountClient: options.mountClient },
  );
  server.on("request", created.app);
  if (options.workers) await created.startWorkers();

  const agent = () => request.agent(baseUrl);

  async function signIn(email: string, name = "") {
    const client = agent();
    const login = await client.get("/api/login").expect(302);
    let location = login.headers.location as string;
    // Walk the redirects until the provider shows its sign-in page.
    let page = await client.get(new URL(location).pathname + new URL(location).search);
    while (page.status >= 300 && page.status < 400) {
      location = page.headers.location;
      page = await client.get(location.replace(baseUrl, ""));
    }
    const action = /action="([^"]+)"/.exec(page.text)?.[1];
    if (!action) throw new Error(`sign-in page not shown: ${page.status} ${page.text.slice(0, 200)}`);
    let step = await client.post(action).type("form").send({ email, name });
    while (step.status >= 300 && step.status < 400) {
      const next = (step.headers.location as string).replace(baseUrl, "");
      if (next === "/") break;
      step = await client.get(next);
    }
    if (step.headers.location !== "/")
      throw new Error(`sign-in did not finish: ${step.status} ${step.headers.location}`);
    return client;
  }

  return {
    baseUrl,
    config,
    database,
    db: database.db,
    agent,
    signIn,
    fastAnswers: () => created.fastPath.served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await created.close();
      if (!options.database) await database.drop();
    },
  };
}
