import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";

/**
 * The request's id for the log line and the `X-Request-Id` answer header: the caller's own
 * (a proxy's) when it is a plain token, otherwise a new UUID.
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
}
