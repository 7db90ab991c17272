import { describe, expect, it } from "vitest";
import { formatPostalAddress } from "./postal-address";

const base = { name: "Ada Lovelace", line1: "1 Main St", line2: null };

describe("formatPostalAddress", () => {
  it("writes a US address with the city, the state and the ZIP code on one line", () => {
    expect(
      formatPostalAddress({
        ...base,
        line2: "Apt 4",
        city: "New York",
        region: "NY",
        postalCode: "10001",
        country: "US",
      }),
    ).toEqual(["Ada Lovelace", "1 Main St", "Apt 4", "New York, NY 10001", "United States"]);
  });

  it("writes Canada and Australia as city, province or state, postal code", () => {
    expect(
      formatPostalAddress({ ...base, city: "Toronto", region: "ON", postalCode: "M5V 2T6", country: "CA" }),
    ).toEqual(["Ada Lovelace", "1 Main St", "Toronto ON M5V 2T6", "Canada"]);
    expect(formatPostalAddress({ ...base, city: "Sydney", region: "NSW", postalCode: "2000", country: "AU" })).toEqual([
      "Ada Lovelace",
      "1 Main St",
      "Sydney NSW 2000",
      "Australia",
    ]);
  });

  it("puts a British postcode on a line of its own, after the town", () => {
    expect(formatPostalAddress({ ...base, city: "London", region: "", postalCode: "SW1A 1AA", country: "GB" })).toEqual(
      ["Ada Lovelace", "1 Main St", "London", "SW1A 1AA", "United Kingdom"],
    );
  });

  it("writes the postal code before the city in Germany, France, the Netherlands and elsewhere", () => {
    expect(
      formatPostalAddress({ ...base, line1: "Invalidenstr. 1", city: "Berlin", postalCode: "10115", country: "DE" }),
    ).toEqual(["Ada Lovelace", "Invalidenstr. 1", "10115 Berlin", "Germany"]);
    expect(formatPostalAddress({ ...base, city: "Paris", postalCode: "75001", country: "FR" })[2]).toBe("75001 Paris");
    expect(formatPostalAddress({ ...base, city: "Amsterdam", postalCode: "1012 JS", country: "NL" })[2]).toBe(
      "1012 JS Amsterdam",
    );
  });

  it("writes Japan in Latin letters with the prefecture after the ward, and in Japanese from the postal code down", () => {
    expect(
      formatPostalAddress({
        ...base,
        line1: "1-1 Chiyoda",
        city: "Chiyoda-ku",
        region: "Tokyo",
        postalCode: "100-0001",
        country: "JP",
      }),
    ).toEqual(["Ada Lovelace", "1-1 Chiyoda", "Chiyoda-ku, Tokyo", "100-0001", "Japan"]);
    expect(
      formatPostalAddress({
        name: "山田太郎",
        line1: "千代田1-1",
        city: "千代田区",
        region: "東京都",
        postalCode: "100-0001",
        country: "JP",
      }),
    ).toEqual(["〒100-0001", "東京都千代田区", "千代田1-1", "山田太郎", "Japan"]);
  });

  it("leaves out empty parts and keeps an unknown country's code", () => {
    expect(formatPostalAddress({ ...base, line2: "  ", city: "Reykjavík", postalCode: "101", country: "XX" })).toEqual([
      "Ada Lovelace",
      "1 Main St",
      "101 Reykjavík",
      "XX",
    ]);
  });
});
