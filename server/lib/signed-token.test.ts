import { describe, expect, it } from "vitest";
import { signedTokens } from "./signed-token";

describe("signed tokens", () => {
  const tickets = signedTokens("a-session-secret-long-enough-for-tests", "ticket");

  it("verifies its own token and gives back the id", () => {
    const token = tickets.sign("5f0c2d3e-1111-4222-8333-944455556666");
    expect(tickets.verify(token)).toBe("5f0c2d3e-1111-4222-8333-944455556666");
  });

  it("refuses an altered id, an altered signature and malformed input", () => {
    const token = tickets.sign("abc");
    expect(tickets.verify(token.replace("abc", "abd"))).toBeNull();
    expect(tickets.verify(`${token.slice(0, -2)}AA`)).toBeNull();
    expect(tickets.verify("abc")).toBeNull();
    expect(tickets.verify(".sig")).toBeNull();
    expect(tickets.verify("x".repeat(500))).toBeNull();
  });

  it("never verifies a token made for another purpose or under another secret", () => {
    const token = tickets.sign("abc");
    expect(signedTokens("a-session-secret-long-enough-for-tests", "invoice").verify(token)).toBeNull();
    expect(signedTokens("another-secret-entirely-for-this-test", "ticket").verify(token)).toBeNull();
  });
});

describe("signed token spelling", () => {
  const tickets = signedTokens("a-session-secret-long-enough-for-tests", "ticket");
  /** A token whose signature holds a base64url-only character (`-` or `_`). */
  const withUrlAlphabet = () => {
    for (let i = 0; ; i++) {
      const token = tickets.sign(`purchase-${i}`);
      if (/[-_]/.test(token.slice(token.lastIndexOf(".") + 1))) return token;
    }
  };

  it("refuses the signature with padding appended", () => {
    const token = tickets.sign("5f0c2d3e-1111-4222-8333-944455556666");
    expect(tickets.verify(`${token}==`)).toBeNull();
    expect(tickets.verify(`${token}=`)).toBeNull();
  });

  it("refuses the signature written in the standard base64 alphabet", () => {
    const token = withUrlAlphabet();
    const standard =
      token.slice(0, token.lastIndexOf(".") + 1) +
      token
        .slice(token.lastIndexOf(".") + 1)
        .replace(/-/g, "+")
        .replace(/_/g, "/");
    expect(standard).not.toBe(token);
    expect(tickets.verify(token)).not.toBeNull();
    expect(tickets.verify(standard)).toBeNull();
  });

  it("refuses a last character that differs only in the bits decoding drops", () => {
    const token = tickets.sign("abc");
    const signature = token.slice(token.lastIndexOf(".") + 1);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(signature.at(-1)!);
    // 16 bytes are 22 characters; the last one carries 2 bits of the signature and 4 spare ones.
    const respelt = signature.slice(0, -1) + alphabet[(last & 0b110000) | (~last & 0b001111)];
    expect(Buffer.from(respelt, "base64url").equals(Buffer.from(signature, "base64url"))).toBe(true);
    expect(tickets.verify(`abc.${respelt}`)).toBeNull();
  });
});
