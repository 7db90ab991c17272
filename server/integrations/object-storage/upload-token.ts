import crypto from "node:crypto";

/** How long an issued upload address stays usable. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * The key that signs local upload addresses. Derived from the session secret with a purpose
 * label, so every instance behind a load balancer agrees on it (no instance keeps state of its own) and
 * a signature made for uploads can never be replayed as anything else.
 */
export function deriveUploadSigningKey(sessionSecret: string): Buffer {
  return crypto.createHmac("sha256", sessionSecret).update("label-platform/object-upload-url/v1").digest();
}

export interface UploadClaims {
  id: string;
  /** Unix seconds. */
  expires: number;
  /** When set, the upload must carry exactly this Content-Type. */
  contentType?: string;
}

function payload(claims: UploadClaims): string {
  return [claims.id, String(claims.expires), claims.contentType ?? ""].join("\n");
}

export function signUpload(key: Buffer, claims: UploadClaims): string {
  return crypto.createHmac("sha256", key).update(payload(claims)).digest("base64url");
}

export type UploadTokenCheck = "valid" | "expired" | "invalid";

/** Checks the signature first, so a forged expiry reads as invalid rather than expired. */
export function verifyUpload(
  key: Buffer,
  claims: UploadClaims,
  signature: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): UploadTokenCheck {
  if (!Number.isSafeInteger(claims.expires)) return "invalid";
  const expected = Buffer.from(signUpload(key, claims));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return "invalid";
  return claims.expires < nowSeconds ? "expired" : "valid";
}
