import { describe, expect, it } from "vitest";
import { formatCount } from "./format";

describe("formatCount", () => {
  it("separates thousands", () => {
    expect(formatCount(12840)).toBe("12,840");
  });
});
