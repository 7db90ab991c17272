import { Writable } from "node:stream";
import { pino, type Logger } from "pino";

/** A logger whose lines a test can read back (parsed JSON, in order). */
export function captureLogger(level = "info"): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}
