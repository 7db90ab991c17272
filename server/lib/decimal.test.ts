import { describe, expect, it } from "vitest";
import { formatDecimal, MicroSum, multiplyDecimal, parseDecimal } from "./decimal";

describe("multiplyDecimal", () => {
  it("multiplies exactly where floating point would not", () => {
    expect(multiplyDecimal("9.87", "1.10")).toBe("10.857");
    expect(multiplyDecimal("0.1", "0.2")).toBe("0.02");
    expect(multiplyDecimal("0.000412", "1.0834567891")).toBe("0.0004463841971092");
    expect(multiplyDecimal("12345678901234.999999", "0.0000000001")).toBe("1234.5678901234999999");
  });

  it("keeps the sign and drops trailing zeros down to the decimals asked for", () => {
    expect(multiplyDecimal("-2.50", "2")).toBe("-5");
    expect(multiplyDecimal("-2.50", "2", 2)).toBe("-5.00");
    expect(multiplyDecimal("0", "1.10")).toBe("0");
    expect(multiplyDecimal("-0.000", "3")).toBe("0");
  });

  it("refuses what is not a plain decimal", () => {
    expect(() => multiplyDecimal("1e3", "1")).toThrow();
    expect(() => multiplyDecimal("1.", "1")).toThrow();
  });
});

describe("formatDecimal", () => {
  it("writes leading zeros of a small value", () => {
    expect(formatDecimal(parseDecimal("0.000412"))).toBe("0.000412");
    expect(formatDecimal({ digits: -5n, scale: 3 })).toBe("-0.005");
  });
});

describe("MicroSum", () => {
  it("adds six-decimal amounts exactly, negative ones and huge ones too", () => {
    const sum = new MicroSum();
    for (const amount of ["41.237800", "17.902100", "20.930000", "0.031500", "0.000412"]) sum.add(amount);
    expect(formatDecimal(sum.value())).toBe("80.101812");
    sum.add("-0.5");
    sum.add("-80");
    expect(formatDecimal(sum.value())).toBe("-0.398188");
    sum.add("99999999999999.999999");
    expect(formatDecimal(sum.value())).toBe("99999999999999.601811");
  });

  it("stays exact past 2^53 millionths", () => {
    const sum = new MicroSum();
    for (let i = 0; i < 10_000; i++) sum.add("999999999.999999");
    expect(formatDecimal(sum.value())).toBe("9999999999999.99");
  });
});
