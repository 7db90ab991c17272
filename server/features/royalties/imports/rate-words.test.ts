import { describe, expect, it } from "vitest";
import { missingRatesMessage, oneUnitOf } from "./rate-words";

describe("the words asking for a rate", () => {
  it("name one unit of each currency as a sentence reads it", () => {
    expect(oneUnitOf("EUR")).toBe("one euro");
    expect(oneUnitOf("GBP")).toBe("one British pound");
    expect(oneUnitOf("XYZ")).toBe("one XYZ");
  });

  it("say what to type for one currency or several", () => {
    expect(missingRatesMessage(["EUR"])).toBe("Add a rate for EUR: how many dollars one euro is worth");
    expect(missingRatesMessage(["EUR", "GBP", "JPY"])).toBe(
      "Add a rate for EUR, GBP and JPY: how many dollars one euro, one British pound and one Japanese yen are each worth",
    );
  });
});
