import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import type { FileMetadata, GetSignedUrlConfig } from "@google-cloud/storage";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { generateLocalSecrets } from "../../lib/secrets";
import { createGcsObjectStorage, openGcsBucket, type GcsBucketLike, type GcsFileLike } from "./gcs-driver";
import { createObjectStorage } from "./index";

/** Test stand-in for a @google-cloud/storage Bucket: objects in a Map, calls recorded. */
class FakeBucket implements GcsBucketLike {
  objects = new Map<string, { metadata: FileMetadata; data: string }>();
  signed: { name: string; config: GetSignedUrlConfig }[] = [];

  file(name: string): GcsFileLike {
    return {
      getSignedUrl: async (config) => {
        this.signed.push({ name, config });
        return [`https://storage.example.test/bucket/${name}?X-Goog-Signature=fake`];
      },
      exists: async () => [this.objects.has(name)],
      getMetadata: async () => {
        const object = this.objects.get(name);
        if (!object) throw Object.assign(new Error("No such object"), { code: 404 });
        return [object.metadata];
      },
      createReadStream: () => Readable.from([this.objects.get(name)?.data ?? ""]),
      delete: async ({ ignoreNotFound }) => {
        if (!this.objects.delete(name) && !ignoreNotFound)
          throw Object.assign(new Error("No such object"), { code: 404 });
        return [];
      },
      save: async (data, { contentType }) => {
        this.objects.set(name, { metadata: { contentType, size: String(data.length) }, data: data.toString("latin1") });
        return [];
      },
    };
  }
}

describe("GCS object storage driver", () => {
  it("issues a v4 signed write URL bound to the content type and expiry", async () => {
    const bucket = new FakeBucket();
    const storage = createGcsObjectStorage(async () => bucket);
    const expiresAt = new Date("2030-01-01T00:15:00Z");
    const url = await storage.createUploadUrl("uploads/abc", { expiresAt, contentType: "image/png" });
    expect(url).toBe("https://storage.example.test/bucket/uploads/abc?X-Goog-Signature=fake");
    expect(bucket.signed).toEqual([
      { name: "uploads/abc", config: { version: "v4", action: "write", expires: expiresAt, contentType: "image/png" } },
    ]);
  });

  it("reports a missing object as null and reads an existing one with its metadata", async () => {
    const bucket = new FakeBucket();
    const storage = createGcsObjectStorage(async () => bucket);
    expect(await storage.stat("uploads/none")).toBeNull();
    expect(await storage.read("uploads/none")).toBeNull();

    bucket.objects.set("uploads/logo", { metadata: { contentType: "image/webp", size: "12" }, data: "webp-bytes!!" });
    expect(await storage.stat("uploads/logo")).toEqual({ contentType: "image/webp", size: 12 });
    const object = await storage.read("uploads/logo");
    expect(object).toMatchObject({ contentType: "image/webp", size: 12 });
    expect(await text(object!.body)).toBe("webp-bytes!!");
  });

  it("removes an object, and removing a missing one is harmless", async () => {
    const bucket = new FakeBucket();
    const storage = createGcsObjectStorage(async () => bucket);
    bucket.objects.set("uploads/old", { metadata: { contentType: "image/png", size: "3" }, data: "png" });
    await storage.remove("uploads/old");
    expect(bucket.objects.has("uploads/old")).toBe(false);
    await expect(storage.remove("uploads/old")).resolves.toBeUndefined();
  });

  it("opens the bucket once, on first use", async () => {
    let opened = 0;
    const bucket = new FakeBucket();
    const storage = createGcsObjectStorage(async () => {
      opened += 1;
      return bucket;
    });
    expect(opened).toBe(0);
    await storage.stat("uploads/a");
    await storage.stat("uploads/b");
    expect(opened).toBe(1);
  });
});

describe("choosing the driver from configuration", () => {
  it("builds the GCS driver for STORAGE_DRIVER=gcs and the local one by default", () => {
    const secrets = generateLocalSecrets();
    const gcs = loadConfig({ NODE_ENV: "test", STORAGE_DRIVER: "gcs", GCS_BUCKET: "label-logos" });
    expect(createObjectStorage({ config: gcs, secrets }).driver).toBe("gcs");
    expect(createObjectStorage({ config: loadConfig({ NODE_ENV: "test" }), secrets }).driver).toBe("local");
  });

  it("opens the configured bucket with the real SDK (no network until an object is used)", async () => {
    const bucket = await openGcsBucket({ bucket: "label-logos", projectId: "label-project" });
    expect((bucket as unknown as { name: string }).name).toBe("label-logos");
    expect(typeof bucket.file("uploads/x").getSignedUrl).toBe("function");
  });
});
