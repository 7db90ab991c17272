import { describe, expect, it } from "vitest";
import { LOGO_ACCEPT, createUploadSchema, logoFileProblem } from "./object-uploads";

describe("logo upload rules", () => {
  it("offers in the picker exactly the types the upload endpoint accepts", () => {
    const offered = LOGO_ACCEPT.split(",");
    expect(offered).toEqual(["image/png", "image/jpeg", "image/gif", "image/webp"]);
    for (const contentType of offered) {
      expect(createUploadSchema.safeParse({ contentType }).success).toBe(true);
      expect(logoFileProblem({ type: contentType, name: "logo" })).toBeNull();
    }
    expect(createUploadSchema.safeParse({ contentType: "image/svg+xml" }).success).toBe(false);
  });

  it("names SVG plainly, by type or by file name, and says what to choose instead", () => {
    const svg = "SVG logos can't be used. Choose a PNG, JPG, GIF or WebP image.";
    expect(logoFileProblem({ type: "image/svg+xml", name: "logo.svg" })).toBe(svg);
    expect(logoFileProblem({ type: "", name: "Logo.SVG" })).toBe(svg);
    expect(logoFileProblem({ type: "image/heic", name: "photo.heic" })).toBe(
      "This file can't be used as a logo. Choose a PNG, JPG, GIF or WebP image.",
    );
  });
});
