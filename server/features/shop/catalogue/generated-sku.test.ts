import { describe, expect, it } from "vitest";
import { generatedSku } from "./merchandise.service";

describe("generatedSku", () => {
  it("spells accented names and values in plain letters", () => {
    expect(generatedSku("Sigur Rós Tour Shirt", { Size: "M", Colour: "Grå" })).toBe("SIGUR-ROS-TOUR-SHIRT-M-GRA");
    expect(generatedSku("Ærø Straße Tote", { Farbe: "Weiß" })).toBe("AERO-STRASSE-TOTE-WEISS");
    expect(generatedSku("東京", {})).toBe("X");
  });
});
