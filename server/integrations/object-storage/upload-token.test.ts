import { describe, expect, it } from "vitest";
import { deriveUploadSigningKey, signUpload, verifyUpload, type UploadClaims } from "./upload-token";

const key = deriveUploadSigningKey("a-session-secret-of-at-least-32-characters");
const now = 1_800_000_000;
const claims: UploadClaims = {
  id: "0b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69",
  expires: now + 900,
  contentType: "image/png",
};

describe("upload URL signatures", () => {
  it("accepts its own signature until the expiry second, and reads it as expired after", () => {
    const signature = signUpload(key, claims);
    expect(verifyUpload(key, claims, signature, now)).toBe("valid");
    expect(verifyUpload(key, claims, signature, claims.expires)).toBe("valid");
    expect(verifyUpload(key, claims, signature, claims.expires + 1)).toBe("expired");
  });

  it("refuses any tampered claim or signature as invalid (not expired)", () => {
    const signature = signUpload(key, claims);
    expect(verifyUpload(key, { ...claims, id: "1b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69" }, signature, now)).toBe(
      "invalid",
    );
    expect(verifyUpload(key, { ...claims, expires: claims.expires + 60 }, signature, now)).toBe("invalid");
    expect(verifyUpload(key, { ...claims, contentType: "image/gif" }, signature, now)).toBe("invalid");
    expect(verifyUpload(key, { ...claims, contentType: undefined }, signature, now)).toBe("invalid");
    expect(verifyUpload(key, claims, `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`, now)).toBe(
      "invalid",
    );
    expect(verifyUpload(key, claims, "", now)).toBe("invalid");
    // A forged expiry in the past is still a forgery.
    expect(verifyUpload(key, { ...claims, expires: now - 10 }, signature, now)).toBe("invalid");
  });

  it("depends on the session secret, and is the same on every instance sharing it", () => {
    const signature = signUpload(key, claims);
    const sameSecret = deriveUploadSigningKey("a-session-secret-of-at-least-32-characters");
    const otherSecret = deriveUploadSigningKey("another-session-secret-of-32-characters!");
    expect(verifyUpload(sameSecret, claims, signature, now)).toBe("valid");
    expect(verifyUpload(otherSecret, claims, signature, now)).toBe("invalid");
  });

  it("never signs with the session secret itself (purpose-bound key)", () => {
    expect(key.toString("utf8")).not.toContain("a-session-secret");
    expect(key).toHaveLength(32);
  });
});
