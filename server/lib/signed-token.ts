import crypto from "node:crypto";

/**
 * Unguessable, unforgeable references handed to people outside a session: the QR code on a
 * ticket, the link that opens an invoice or a shop order without signing in. A token is
 * `<id>.<signature>`, the signature an HMAC-SHA256 of the id under a key derived from the
 * session secret and a purpose label. Every instance derives the same key, and a token made
 * for one purpose never verifies for another. A token has one spelling only: the signature in
 * unpadded base64url exactly as `sign` wrote it.
 */
export type TokenPurpose = "ticket" | "invoice" | "merchandise-order" | "stock-request";

const SIGNATURE_BYTES = 16;

export interface SignedTokens {
  sign(id: string): string;
  /** The id the token was signed for, or null for anything forged, altered or malformed. */
  verify(token: string): string | null;
}

export function signedTokens(sessionSecret: string, purpose: TokenPurpose): SignedTokens {
  const key = crypto.createHmac("sha256", sessionSecret).update(`label-platform/${purpose}-token/v1`).digest();
  const signatureOf = (id: string) => crypto.createHmac("sha256", key).update(id).digest().subarray(0, SIGNATURE_BYTES);

  return {
    sign: (id) => `${id}.${signatureOf(id).toString("base64url")}`,
    verify(token) {
      if (typeof token !== "string" || token.length > 200) return null;
      const dot = token.lastIndexOf(".");
      if (dot <= 0) return null;
      const id = token.slice(0, dot);
      // Compared as text, not as decoded bytes: Node's decoder also takes padding, the `+/`
      // alphabet and spare low bits in the last character, so one signature would have many
      // spellings (and a link or QR code that differs from the one issued would still open).
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(signatureOf(id).toString("base64url"));
      if (given.length !== expected.length) return null;
      return crypto.timingSafeEqual(given, expected) ? id : null;
    },
  };
}
