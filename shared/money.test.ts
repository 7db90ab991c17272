import { describe, expect, it } from "vitest";
import {
  formatMoney,
  formatMoneyToCent,
  fromCents,
  percentOfCents,
  roundToCents,
  sumCents,
  ticketTotalCents,
  toCents,
} from "./money";

describe("toCents", () => {
  it("reads decimal strings digit by digit", () => {
    expect(toCents("12.5")).toBe(1250);
    expect(toCents("12.50")).toBe(1250);
    expect(toCents("0.1")).toBe(10);
    expect(toCents(" 7 ")).toBe(700);
    expect(toCents("-3.05")).toBe(-305);
    expect(toCents("-0.00")).toBe(0);
    expect(Object.is(toCents("-0.00"), -0)).toBe(false);
  });

  it("reads numbers with at most two decimals", () => {
    expect(toCents(3)).toBe(300);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.07)).toBe(7);
  });

  it("handles the largest numeric(10,2) value exactly", () => {
    expect(toCents("99999999.99")).toBe(9_999_999_999);
  });

  it("refuses anything that is not a plain two-decimal amount", () => {
    for (const bad of ["", "abc", "1.234", "1,000", "1e3", ".5", "5.", "--1", "$5", "0x10"]) {
      expect(() => toCents(bad), bad).toThrow(RangeError);
    }
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toCents(0.1 + 0.2)).toThrow(RangeError);
    expect(() => toCents(1e21)).toThrow(RangeError);
    expect(() => toCents("900719925474099.99")).toThrow(RangeError);
  });
});

describe("fromCents", () => {
  it("writes two decimals", () => {
    expect(fromCents(1250)).toBe("12.50");
    expect(fromCents(5)).toBe("0.05");
    expect(fromCents(0)).toBe("0.00");
    expect(fromCents(-5)).toBe("-0.05");
    expect(fromCents(-123456)).toBe("-1234.56");
    expect(fromCents(9_999_999_999)).toBe("99999999.99");
  });

  it("refuses fractional cents", () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(() => fromCents(Number.NaN)).toThrow(RangeError);
  });
});

describe("arithmetic in cents", () => {
  it("adds 0.1 and 0.2 to exactly 0.30", () => {
    expect(fromCents(sumCents([toCents("0.1"), toCents("0.2")]))).toBe("0.30");
  });

  it("multiplies 3 x 19.99 to exactly 59.97", () => {
    expect(fromCents(ticketTotalCents(toCents("19.99"), 3)!)).toBe("59.97");
  });

  it("keeps large totals exact", () => {
    expect(fromCents(ticketTotalCents(toCents("99999.99"), 1000)!)).toBe("99999990.00");
    expect(fromCents(sumCents([toCents("99999999.99"), toCents("0.01")]))).toBe("100000000.00");
  });

  it("sums an empty list to zero", () => {
    expect(sumCents([])).toBe(0);
  });

  it("answers null for a product past numeric(10,2), and refuses sums beyond safe integers", () => {
    expect(ticketTotalCents(toCents("99999999.99"), 1000)).toBeNull();
    expect(ticketTotalCents(Number.MAX_SAFE_INTEGER, 2)).toBeNull();
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it("shows dollars with thousands separators and two decimals", () => {
    expect(formatMoney("1234.5")).toBe("$1,234.50");
    expect(formatMoney(3)).toBe("$3.00");
    expect(formatMoney("0.05")).toBe("$0.05");
    expect(formatMoney("99999999.99")).toBe("$99,999,999.99");
    expect(formatMoney("-1234.5")).toBe("-$1,234.50");
  });
});

describe("percentOfCents", () => {
  it("takes a percentage of cents and rounds half up to the cent", () => {
    expect(percentOfCents(10_000, "7.5")).toBe(750);
    expect(percentOfCents(1_999, "10")).toBe(200); // 199.9 -> 200
    expect(percentOfCents(1_010, "5")).toBe(51); // 50.5 -> 51 (half up, not to even)
    expect(percentOfCents(1_009, "5")).toBe(50); // 50.45 -> 50
    expect(percentOfCents(333, "33.33")).toBe(111); // 110.9889 -> 111
    expect(percentOfCents(9_999_999_999, "100")).toBe(9_999_999_999);
    expect(percentOfCents(12_345, "0")).toBe(0);
  });
});

describe("roundToCents and formatMoneyToCent", () => {
  it("round a sum with sub-cent digits once, half up", () => {
    expect(roundToCents("80.101812")).toBe(8010);
    expect(roundToCents("11.065")).toBe(1107);
    expect(roundToCents("11.0649999")).toBe(1106);
    expect(roundToCents("-0.005")).toBe(0);
    expect(roundToCents("-0.0051")).toBe(-1);
    expect(roundToCents("-1.235")).toBe(-123);
    expect(roundToCents("12")).toBe(1200);
    expect(roundToCents("12.5")).toBe(1250);
    expect(() => roundToCents("abc")).toThrow(RangeError);
  });

  it("write it as dollars to the cent", () => {
    expect(formatMoneyToCent("1059.139900")).toBe("$1,059.14");
    expect(formatMoneyToCent("11.0650")).toBe("$11.07");
    expect(formatMoneyToCent("0.000412")).toBe("$0.00");
  });
});
