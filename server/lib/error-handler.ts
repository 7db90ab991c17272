import type { ErrorRequestHandler, RequestHandler } from "express";
import { HttpError } from "./http-error";

const DATABASE_DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08006",
  "08001",
]);

/** pg errors that mean "the database is unreachable right now", as opposed to a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: string; message?: string; cause?: unknown };
  if (e.code && DATABASE_DOWN_CODES.has(e.code)) return true;
  if (/Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(e.message ?? ""))
    return true;
  return e.cause ? isDatabaseUnavailable(e.cause) : false;
}

export const apiNotFound: RequestHandler = (req) => {
  throw HttpError.notFound(`No API route for ${req.method} ${req.path}`);
};

/** The one place that turns errors into `{ message, fieldErrors? }` (docs/product.md, "Errors"). */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  // The client went away while a file was being sent (a closed tab, a browser that stopped
  // loading a page): nobody is left to answer and nothing is wrong on our side.
  if (error?.code === "ECONNABORTED") {
    req.log?.debug({ path: req.path }, "client closed the connection before the answer was sent");
    return;
  }
  if (res.headersSent) return;
  let status = 500;
  let body: { message: string; fieldErrors?: Record<string, string[]>; requestId?: string };

  if (error instanceof HttpError) {
    status = error.status;
    body = { message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) };
    if (error.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(error.retryAfterSeconds));
  } else if (error?.type === "entity.parse.failed") {
    status = 400;
    body = { message: "The request body is not valid JSON" };
  } else if (error?.type === "entity.too.large") {
    status = 413;
    body = { message: "The request body is too large" };
  } else if (typeof error?.status === "number" && error.status >= 400 && error.status < 500) {
    status = error.status;
    body = { message: error.expose && error.message ? error.message : "The request could not be processed" };
  } else if (isDatabaseUnavailable(error)) {
    status = 503;
    body = { message: "The service is temporarily unavailable. Please try again shortly." };
    req.log?.warn({ err: error }, "database unavailable");
  } else {
    body = { message: "Something went wrong on our side. Please try again.", requestId: String(req.id ?? "") };
    req.log?.error({ err: error }, "unhandled error");
  }
  if (status === 503) res.setHeader("Retry-After", "5");
  res.status(status).json(body);
};
