import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./support/browser";
import { freePort, startBuiltServer, type BuiltServer } from "./support/server";
import { startTlsProxy, type TlsProxy } from "./support/tls-proxy";

// The production build as it is deployed: NODE_ENV=production behind a TLS-terminating proxy
// with a self-signed certificate, trusted by its address (TRUST_PROXY=loopback), Secure cookies.
let proxy: TlsProxy;
let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  proxy = await startTlsProxy();
  const port = await freePort();
  proxy.setUpstream(port);
  server = await startBuiltServer({
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: proxy.origin,
    TRUST_PROXY: "loopback",
    ALLOW_BUILTIN_LOGIN: "true",
    ADMIN_EMAILS: "boss@label.test",
    ALLOW_BUILTIN_ADMIN: "true",
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await proxy?.close();
});

describe("the production build behind a TLS proxy", () => {
  it("signs in through the built-in provider over https with Secure cookies, and signs out", async () => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const landing = await page.goto(`${proxy.origin}/`);
    expect(landing?.headers()["strict-transport-security"]).toContain("max-age=");

    // The app reaches its own provider without going out through the proxy it cannot trust.
    await page.goto(`${proxy.origin}/api/login`);
    await page.getByLabel("Email").fill("boss@label.test");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${proxy.origin}/`);
    await page.getByText("Signed in as admin").waitFor();

    const session = (await context.cookies()).find((cookie) => cookie.name === "label.sid");
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax" });

    await page.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL(`${proxy.origin}/`);
    await page.getByRole("link", { name: "Log In" }).first().waitFor();
    expect(await page.evaluate(async () => (await fetch("/api/auth/user")).status)).toBe(401);
    await context.close();
  });

  it("sends HSTS only on answers that went out over https", async () => {
    const direct = await fetch(`${server.baseUrl}/api/health`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("strict-transport-security")).toBeNull();
  });
});
