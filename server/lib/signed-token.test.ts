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
