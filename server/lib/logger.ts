import { pino, type Logger } from "pino";

export type { Logger };

type ErrorLike = Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };

// What a PostgreSQL error may tell the log: its SQLSTATE and where it happened, never a value.
const DATABASE_ERROR_FIELDS = ["code", "severity", "routine", "constraint", "table", "column", "dataType"] as const;

/** A drizzle "Failed query" error: its message is the SQL followed by every parameter. */
function isQueryError(error: ErrorLike): boolean {
  return "query" in error && "params" in error;
}

/** A PostgreSQL error (pg's DatabaseError): five-character SQLSTATE plus a severity. */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code) && "severity" in error;
}

/** Stack frames only: the stack's first line repeats the message. */
function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== "string") return undefined;
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join("\n") : undefined;
}

/**
 * Errors as the log shows them: type, message, stack frames and the database's error code and
 * constraint, and the same for each cause. Never the SQL of a failed query or its parameters,
 * nor PostgreSQL's `detail` and `where` ("Key (email)=(...) already exists"): those carry
 * customer data. PostgreSQL messages quote the offending value, so quoted parts are dropped.
 * Request bodies are never logged at all (the request log has method, path and id only).
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!error || typeof error !== "object") return { type: typeof error, message: "(not an Error)" };
  const e = error as ErrorLike;
  const type =
    typeof e.type === "string" ? e.type : error instanceof Error ? error.constructor.name || error.name : "Error";
  const out: Record<string, unknown> = { type };
  if (isQueryError(e)) {
    out.message = "Failed query (its SQL and parameters are not logged)";
  } else if (isDatabaseError(e)) {
    out.message = String(e.message ?? "").replace(/"[^"]*"/g, '"…"');
    for (const field of DATABASE_ERROR_FIELDS) if (e[field] !== undefined) out[field] = e[field];
  } else {
    out.message = String(e.message ?? "");
    if (typeof e.code === "string") out.code = e.code;
  }
  const stack = framesOf(e.stack);
  if (stack) out.stack = stack;
  if (e.cause && depth < 5) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Secrets never reach the log: cookies, auth headers and anything named like a key. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: { err: serializeError, error: serializeError },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.password", "*.secret"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
