import { pino, type Logger } from "pino";

export type { Logger };

/** Secrets never reach the log: cookies, auth headers and anything named like a key. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.password",
        "*.secret",
      ],
      censor: "[redacted]",
    },
  });
}
