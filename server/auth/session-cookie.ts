import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { SESSION_COOKIE } from "./session";

/**
 * The session id in a request's session cookie, if its signature is this server's: the value
 * express-session writes, "s:" + id + "." + base64 HMAC-SHA256 of the id (no padding),
 * URL-encoded. Used where a request is answered before express-session runs (lib/fast-path.ts);
 * a cookie that does not verify is no session, exactly as express-session treats it.
 */
export function signedSessionId(req: IncomingMessage, secret: string): string | undefined {
  const raw = cookieValue(req.headers.cookie, SESSION_COOKIE);
  if (!raw) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (!value.startsWith("s:")) return undefined;
  const dot = value.lastIndexOf(".");
  if (dot < 3) return undefined;
  const sid = value.slice(2, dot);
  const expected = Buffer.from(crypto.createHmac("sha256", secret).update(sid).digest("base64").replace(/=+$/, ""));
  const given = Buffer.from(value.slice(dot + 1));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? sid : undefined;
}

/** The first cookie of that name, as the cookie parser express-session uses would read it. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return undefined;
}
