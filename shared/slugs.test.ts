import { describe, expect, it } from "vitest";
import { slugify, transliterate } from "./slugs";

describe("transliterate", () => {
  it("drops the marks of accented letters and spells out letters that have none to drop", () => {
    expect(transliterate("Sigur Rós")).toBe("Sigur Ros");
    expect(transliterate("Mötley Crüe, Beyoncé, Ñandú")).toBe("Motley Crue, Beyonce, Nandu");
    expect(transliterate("Røyksopp Ærø Straße Œuvre Łódź Þórir")).toBe("Royksopp AEro Strasse OEuvre Lodz THorir");
  });
});

describe("slugify", () => {
  it("makes lower-case letters and digits joined by dashes, accents transliterated", () => {
    expect(slugify("Sigur Rós")).toBe("sigur-ros");
    expect(slugify("  Björk — Live at Háskólabíó! ")).toBe("bjork-live-at-haskolabio");
    expect(slugify("Mø & Ærø Groß")).toBe("mo-aero-gross");
  });

  it("keeps to the length without a dash at the end, and is empty when nothing is left", () => {
    expect(slugify("abc def", 4)).toBe("abc");
    expect(slugify("東京")).toBe("");
  });
});
