/**
 * The JavaScript a page load costs on the wire: Debian's Chromium opens the page in a fresh
 * context (no cache), as Chrome asks for it (`Accept-Encoding: gzip, deflate, br, zstd`, so the
 * server answers with its Brotli copies), and every script response's encoded body is summed
 * once the page has rendered and the network is quiet. Chunks a page lazily loads as it mounts
 * (the toast area, the cart sync, the page's own chunk) count; what loads on a click does not.
 */
import { chromium, type Browser, type Cookie } from "playwright-core";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
}

export interface PageJavaScript {
  /** Encoded body bytes of every script the page loaded. */
  bytes: number;
  files: Array<{ path: string; bytes: number; encoding: string }>;
}

/** Cookies for `baseUrl` from a `name=value; name=value` header (a signed-in HttpSession's). */
export function cookiesFor(baseUrl: string, cookieHeader: string): Cookie[] {
  const url = new URL(baseUrl);
  return cookieHeader
    .split("; ")
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      return {
        name: pair.slice(0, eq),
        value: pair.slice(eq + 1),
        domain: url.hostname,
        path: "/",
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: "Lax" as const,
      };
    });
}

export async function measurePageJavaScript(
  browser: Browser,
  url: string,
  options: { cookies?: Cookie[]; ready?: string } = {},
): Promise<PageJavaScript> {
  const context = await browser.newContext();
  try {
    if (options.cookies) await context.addCookies(options.cookies);
    const page = await context.newPage();
    const scripts: Array<Promise<PageJavaScript["files"][number]>> = [];
    page.on("requestfinished", (request) => {
      const path = new URL(request.url()).pathname;
      if (!path.endsWith(".js")) return;
      scripts.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          path,
          bytes: sizes.responseBodySize,
          encoding: response?.headers()["content-encoding"] ?? "identity",
        })),
      );
    });
    await page.goto(url, { waitUntil: "networkidle" });
    if (options.ready) await page.locator(options.ready).first().waitFor();
    await page.waitForLoadState("networkidle");
    const files = await Promise.all(scripts);
    return { bytes: files.reduce((sum, file) => sum + file.bytes, 0), files };
  } finally {
    await context.close();
  }
}
