import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { Response } from "supertest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadIdFromObjectPath } from "@shared/object-uploads";
import { users } from "@shared/users.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { createGcsObjectStorage, type GcsBucketLike } from "../../integrations/object-storage/gcs-driver";
import { createInvoice } from "../invoices/invoices.test-support";
import { createObjectsRepository } from "./objects.repository";
import { createClaimUpload } from "./upload-claims";
import { declaredPng, issueUpload, relativeUrl } from "./uploads.test-support";

let app: TestApp;
let member: Agent;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "image-limits-test-"));
  app = await startTestApp({ env: { DATA_DIR: dataDir } });
  member = await app.signIn("painter@x.test", "Pia Painter");
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A real PNG of one colour: a few hundred kB that decode to `side` × `side` pixels. */
const solidPng = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: "#1d4ed8" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const put = (url: string, body: Buffer) =>
  app.agent().put(relativeUrl(app, url)).set("Content-Type", "image/png").send(body);

function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
}

/** Width and height of every image a PDF embeds. */
function embeddedImages(pdf: Buffer): { width: number; height: number }[] {
  return [...pdf.toString("latin1").matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map((match) => ({
    width: Number(/\/Width (\d+)/.exec(match[0])?.[1]),
    height: Number(/\/Height (\d+)/.exec(match[0])?.[1]),
  }));
}

describe("uploaded images", () => {
  it("refuses a 200 kB PNG that decodes to 8000 × 8000 pixels (413), storing nothing", async () => {
    const png = await solidPng(8000);
    expect(png.length).toBeLessThan(300 * 1024);
    const { uploadURL, objectPath } = await issueUpload(member);
    const res = await put(uploadURL, png).expect(413);
    expect(res.body.message).toBe("Images may be at most 4096 × 4096 pixels; this one is 8000 × 8000");
    await app.agent().get(objectPath).expect(404);
    const uploads = path.join(dataDir, "objects", "uploads");
    expect(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []).toEqual([]);
  });

  it("takes an image of exactly 4096 × 4096 and refuses one a pixel wider", async () => {
    await put((await issueUpload(member)).uploadURL, declaredPng(4096, 4096)).expect(200);
    await put((await issueUpload(member)).uploadURL, declaredPng(4097, 16)).expect(413);
  });

  it("refuses to save as a logo an image over the limit that reached storage without the upload's check", async () => {
    // As with GCS, where the browser uploads straight to the bucket: the label save checks it.
    const { objectPath } = await issueUpload(member);
    const key = path.join(dataDir, "objects", "uploads", uploadIdFromObjectPath(objectPath)!);
    fs.mkdirSync(path.dirname(key), { recursive: true });
    fs.writeFileSync(key, declaredPng(8000, 8000));
    fs.writeFileSync(`${key}.meta.json`, JSON.stringify({ contentType: "image/png" }));
    const res = await member.put("/api/user/label").send({ labelName: "Huge", labelLogoUrl: objectPath }).expect(400);
    expect(res.body.fieldErrors).toEqual({ labelLogoUrl: ["Images may be at most 4096 × 4096 pixels"] });
  });

  it("with GCS, refuses to claim an object whose bytes declare too many pixels, or are no image", async () => {
    const stored = new Map<string, { contentType: string; data: Buffer }>();
    const bucket: GcsBucketLike = {
      file: (name) => ({
        getSignedUrl: async () => [`https://storage.example.test/${name}`],
        exists: async () => [stored.has(name)],
        getMetadata: async () => [
          { contentType: stored.get(name)?.contentType, size: String(stored.get(name)?.data.length) },
        ],
        createReadStream: () => Readable.from([stored.get(name)!.data]),
        delete: async () => stored.delete(name),
        save: async (data, { contentType }) => stored.set(name, { contentType, data }),
      }),
    };
    const repository = createObjectsRepository(app.db);
    const claim = createClaimUpload({ repository, storage: createGcsObjectStorage(async () => bucket) });
    const [owner] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, "painter@x.test"));
    const save = async () => "saved";
    const cases: [Buffer, string][] = [
      [declaredPng(8000, 8000), "too-many-pixels"],
      [Buffer.from("<svg onload=alert(1)>"), "unfit"],
    ];
    for (const [data, refusal] of cases) {
      const { objectPath } = await issueUpload(member, { contentType: "image/png" });
      stored.set(`uploads/${uploadIdFromObjectPath(objectPath)}`, { contentType: "image/png", data });
      expect(await claim(owner.id, objectPath, "logo", save)).toEqual({ refused: refusal });
    }
    const { objectPath } = await issueUpload(member, { contentType: "image/png" });
    stored.set(`uploads/${uploadIdFromObjectPath(objectPath)}`, { contentType: "image/png", data: await solidPng(64) });
    expect(await claim(owner.id, objectPath, "logo", save)).toEqual({ claimed: "saved" });
  });
});

describe("the logo in documents", () => {
  it("embeds a copy at most 600 px wide, made once and kept beside the upload", async () => {
    const { uploadURL, objectPath } = await issueUpload(member);
    await put(uploadURL, await solidPng(4000)).expect(200);
    await member.put("/api/user/label").send({ labelName: "Big Sky", labelLogoUrl: objectPath }).expect(200);

    const pdf = async () => {
      const invoice = await createInvoice(member);
      const res = await member.get(`/api/invoices/${invoice.id}/pdf`).buffer(true).parse(binary).expect(200);
      return res.body as Buffer;
    };
    expect(embeddedImages(await pdf())).toEqual([{ width: 600, height: 600 }]);
    const id = uploadIdFromObjectPath(objectPath)!;
    const kept = path.join(dataDir, "objects", "document-logos", id);
    expect(fs.existsSync(kept)).toBe(true);
    // The original gone, the next invoice still has its logo: documents read only the kept copy.
    fs.rmSync(path.join(dataDir, "objects", "uploads", id));
    expect(embeddedImages(await pdf())).toEqual([{ width: 600, height: 600 }]);
  });
});
