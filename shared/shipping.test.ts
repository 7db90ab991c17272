import { describe, expect, it } from "vitest";
import { combinedShippingCents, countryName, setShippingZonesSchema, taxCents, taxRateString } from "./shipping";

describe("combined shipping", () => {
  it("charges the highest first once and additional for every other unit", () => {
    // A shirt (first 4.00, additional 2.00) ×2 and a poster (first 6.00, additional 1.00) ×1:
    // the poster's 6.00 is the first; the shirts pay 2.00 each.
    expect(
      combinedShippingCents([
        { firstCents: 400, additionalCents: 200, quantity: 2 },
        { firstCents: 600, additionalCents: 100, quantity: 1 },
      ]),
    ).toBe(1000);
    expect(combinedShippingCents([{ firstCents: 400, additionalCents: 200, quantity: 3 }])).toBe(800);
    expect(combinedShippingCents([])).toBe(0);
  });
});

describe("tax", () => {
  it("rounds half-up once, in cents, with rates of up to three decimals", () => {
    expect(taxCents(1050, "20")).toBe(210);
    expect(taxCents(1, "50")).toBe(1); // 0.5 cent rounds up
    expect(taxCents(1000, "8.875")).toBe(89); // 88.75
    expect(taxCents(999, "0")).toBe(0);
    expect(taxCents(3333, "20.000")).toBe(667); // 666.6
  });
  it("reads a rate as a percentage from 0 to 100", () => {
    expect(taxRateString.parse("20.000")).toBe("20");
    expect(taxRateString.safeParse("101").success).toBe(false);
    expect(taxRateString.safeParse("0.1234").success).toBe(false);
  });
});

describe("zones", () => {
  it("take ISO codes, each country in one zone", () => {
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("XX")).toBeUndefined();
    const ok = setShippingZonesSchema.safeParse({
      zones: [
        { name: "Domestic", countries: ["us"], taxRate: "0" },
        { name: "EU", countries: ["DE", "FR"], taxRate: "20" },
      ],
    });
    expect(ok.success && ok.data.zones[0].countries).toEqual(["US"]);
    const twice = setShippingZonesSchema.safeParse({
      zones: [
        { name: "A", countries: ["DE"], taxRate: "0" },
        { name: "B", countries: ["DE"], taxRate: "0" },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0].message).toBe("Germany is already in A");
  });
});
