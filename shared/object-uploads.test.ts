import { describe, expect, it } from "vitest";
import {
  COVER_ACCEPT,
  coverFileProblem,
  LOGO_ACCEPT,
  LOGO_MAX_BYTES,
  createUploadSchema,
  fitsUploadPurpose,
  logoFileProblem,
  uploadIdFromObjectPath,
  uploadObjectPath,
} from "./object-uploads";

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

describe("upload object paths", () => {
  const id = "0b8f3c2e-4d5a-4c6b-9e7f-1a2b3c4d5e6f";

  it("round-trip an upload id and refuse any other path", () => {
    expect(uploadIdFromObjectPath(uploadObjectPath(id))).toBe(id);
    for (const path of [
      "/objects/other/thing",
      `/objects/uploads/${id}/x`,
      "/objects/uploads/../../secrets.json",
      `/objects/uploads/${id.toUpperCase()}`,
    ]) {
      expect(uploadIdFromObjectPath(path)).toBeNull();
    }
    expect(() => uploadObjectPath("../etc")).toThrow();
  });
});

describe("fitsUploadPurpose", () => {
  it("takes a logo image up to the logo limit and nothing bigger or of another type", () => {
    expect(fitsUploadPurpose("logo", { contentType: "image/png", size: LOGO_MAX_BYTES })).toBe(true);
    expect(fitsUploadPurpose("logo", { contentType: "image/png", size: LOGO_MAX_BYTES + 1 })).toBe(false);
    expect(fitsUploadPurpose("logo", { contentType: "image/svg+xml", size: 10 })).toBe(false);
  });

  it("takes a cover as JPEG, PNG or WebP up to the logo limit, never a GIF", () => {
    expect(fitsUploadPurpose("cover", { contentType: "image/webp", size: LOGO_MAX_BYTES })).toBe(true);
    expect(fitsUploadPurpose("cover", { contentType: "image/jpeg", size: LOGO_MAX_BYTES + 1 })).toBe(false);
    expect(fitsUploadPurpose("cover", { contentType: "image/gif", size: 10 })).toBe(false);
  });
});

describe("cover upload rules", () => {
  it("offers in the picker exactly the types a cover may be, and the upload address takes only those", () => {
    expect(COVER_ACCEPT.split(",")).toEqual(["image/jpeg", "image/png", "image/webp"]);
    for (const contentType of COVER_ACCEPT.split(",")) {
      expect(createUploadSchema.safeParse({ purpose: "cover", contentType }).success).toBe(true);
      expect(coverFileProblem({ type: contentType, size: 1024 })).toBeNull();
    }
    expect(createUploadSchema.safeParse({ purpose: "cover", contentType: "image/gif" }).success).toBe(false);
  });

  it("says in plain words why a file cannot be a cover", () => {
    expect(coverFileProblem({ type: "image/gif", size: 1024 })).toBe(
      "This file can't be a cover. Choose a JPEG, PNG or WebP image.",
    );
    expect(coverFileProblem({ type: "image/png", size: 6.5 * 1024 * 1024 })).toBe(
      "This image is too large (6.5MB). A cover may be at most 5MB.",
    );
  });
});
