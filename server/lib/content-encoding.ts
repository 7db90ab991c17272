import type { IncomingMessage } from "node:http";
import Negotiator from "negotiator";

/**
 * Brotli first, then gzip, where the client accepts them equally. Browsers list `gzip` before
 * `br` (Chrome sends "gzip, deflate, br, zstd") without saying which they prefer, and a plain
 * negotiation takes the first listed; Brotli is the smaller of the two. The compression
 * middleware prefers the same, so built assets, fast answers and compressed answers agree.
 */
const PREFERRED = ["br", "gzip"];

/** negotiator's typings lack the preference list its `encoding` takes. */
type WithPreference = { encoding(available: string[], preferred: string[]): string | undefined };

/** The encoding of `available` to send, by the client's q-values, then br, then gzip; undefined: none is acceptable. */
export function negotiateEncoding(req: IncomingMessage, available: string[]): string | undefined {
  return (new Negotiator(req) as unknown as WithPreference).encoding(available, PREFERRED);
}
