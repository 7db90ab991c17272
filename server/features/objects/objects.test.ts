import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { objectUploads } from "@shared/object-uploads.table";
import { users } from "@shared/users.table";
import { startTestApp, type Agent, type TestApp } from "../../test/app-harness";
import { deriveUploadSigningKey } from "../../integrations/object-storage";
import { signUpload } from "../../integrations/object-storage/upload-token";
import { issueUpload, jpegBytes, pngBytes, relativeUrl } from "./uploads.test-support";

const SESSION_SECRET = "objects-test-session-secret-0123456789abcdef";
const MB = 1024 * 1024;
let app: TestApp;
let member: Agent;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "objects-test-"));
  app = await startTestApp({ env: { SESSION_SECRET, DATA_DIR: dataDir } });
  member = await app.signIn("artist@x.test", "Ari Artist");
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function put(url: string, body: Buffer, contentType = "image/png") {
  return app.agent().put(relativeUrl(app, url)).set("Content-Type", contentType).send(body);
}

/** A PUT whose body is streamed in chunks with no Content-Length, as a client may send it. */
function putChunked(url: string, chunks: number, chunkSize: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "PUT", headers: { "Content-Type": "image/png" } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.write(pngBytes(chunkSize));
    let sent = 1;
    const writeMore = () => {
      while (sent < chunks) {
        sent += 1;
        if (!req.write(Buffer.alloc(chunkSize, 1))) return void req.once("drain", writeMore);
      }
      req.end();
    };
    writeMore();
  });
}

describe("POST /api/objects/upload", () => {
  it("refuses signed-out visitors", async () => {
    const res = await app.agent().post("/api/objects/upload").expect(401);
    expect(res.body.message).toBe("Please sign in to continue");
  });

  it("issues a server-chosen object path and an expiring signed app URL, recorded for the user", async () => {
    const { uploadURL, objectPath } = await issueUpload(member);
    expect(objectPath).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const id = objectPath.split("/").pop();
    const url = new URL(uploadURL);
    expect(`${url.origin}${url.pathname}`).toBe(`${app.baseUrl}/api/objects/upload/${id}`);
    const expires = Number(url.searchParams.get("expires"));
    expect(expires - Date.now() / 1000).toBeGreaterThan(60);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(15 * 60);
    expect(url.searchParams.get("signature")).toMatch(/^[\w-]{43}$/);

    const [row] = await app.db.select().from(objectUploads).where(eq(objectUploads.objectPath, objectPath));
    const [user] = await app.db.select().from(users).where(eq(users.email, "artist@x.test"));
    expect(row).toMatchObject({ userId: user.id, uploadedAt: null });
  });

  it("refuses a non-image content type named up front", async () => {
    const res = await member.post("/api/objects/upload").send({ contentType: "image/svg+xml" }).expect(400);
    expect(res.body.fieldErrors.contentType).toEqual(["Only PNG, JPEG, GIF or WebP images can be uploaded"]);
  });
});

describe("PUT on the upload URL (local driver)", () => {
  it("accepts a 100 KB PNG, and GET serves it with its type and immutable caching", async () => {
    const { uploadURL, objectPath } = await issueUpload(member);
    const png = pngBytes(100 * 1024);
    const res = await put(uploadURL, png).expect(200);
    expect(res.body).toEqual({ objectPath, contentType: "image/png", size: png.length });

    const [row] = await app.db.select().from(objectUploads).where(eq(objectUploads.objectPath, objectPath));
    expect(row.uploadedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ contentType: "image/png", size: png.length });

    const served = await app
      .agent()
      .get(objectPath)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
  });

  it("refuses a forged signature and a forged expiry (403), storing nothing", async () => {
    const { uploadURL, objectPath } = await issueUpload(member);
    const forged = new URL(uploadURL);
    forged.searchParams.set("signature", "A".repeat(43));
    expect((await put(forged.toString(), pngBytes(1024)).expect(403)).body.message).toBe(
      "This upload link is not valid",
    );

    const later = new URL(uploadURL);
    later.searchParams.set("expires", String(Number(later.searchParams.get("expires")) + 3600));
    await put(later.toString(), pngBytes(1024)).expect(403);

    const otherId = new URL(uploadURL.replace(/upload\/[0-9a-f-]{36}/, `upload/${crypto.randomUUID()}`));
    await put(otherId.toString(), pngBytes(1024)).expect(403);
    await app.agent().get(objectPath).expect(404);
  });

  it("refuses an expired link (403)", async () => {
    const { objectPath } = await issueUpload(member);
    const id = objectPath.split("/").pop()!;
    const expires = Math.floor(Date.now() / 1000) - 1;
    const signature = signUpload(deriveUploadSigningKey(SESSION_SECRET), { id, expires });
    const url = `${app.baseUrl}/api/objects/upload/${id}?expires=${expires}&signature=${signature}`;
    const res = await put(url, pngBytes(1024)).expect(403);
    expect(res.body.message).toBe("This upload link has expired. Please try again.");
  });

  it("refuses a non-image type (415), and bytes that are not the declared image", async () => {
    const { uploadURL, objectPath } = await issueUpload(member);
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    expect((await put(uploadURL, html, "text/html").expect(415)).body.message).toBe(
      "Only PNG, JPEG, GIF or WebP images can be uploaded",
    );
    await put(uploadURL, Buffer.alloc(2048, 0x41), "image/png").expect(415);
    await app.agent().get(objectPath).expect(404);
  });

  it("holds a link issued for one type to that type", async () => {
    const { uploadURL } = await issueUpload(member, { contentType: "image/jpeg" });
    expect(new URL(uploadURL).searchParams.get("type")).toBe("image/jpeg");
    await put(uploadURL, pngBytes(1024), "image/png").expect(415);
    await put(uploadURL, await jpegBytes(), "image/jpeg").expect(200);
  });

  it("refuses a 6 MB body by its Content-Length (413)", async () => {
    const { uploadURL, objectPath } = await issueUpload(member);
    const res = await put(uploadURL, pngBytes(6 * MB)).expect(413);
    expect(res.body.message).toBe("Maximum file size is 5MB");
    await app.agent().get(objectPath).expect(404);
  });

  it("stops a streamed body without Content-Length once it passes 5 MB (413), leaving no file", async () => {
    const { uploadURL, objectPath } = await issueUpload(member);
    const res = await putChunked(uploadURL, 24, 256 * 1024);
    expect(res.status).toBe(413);
    await app.agent().get(objectPath).expect(404);
    const dir = path.join(dataDir, "objects", "uploads");
    expect(fs.readdirSync(dir).filter((f) => f.startsWith(".tmp-"))).toEqual([]);
  });

  it("accepts a streamed body of exactly 5 MB", async () => {
    const { uploadURL } = await issueUpload(member);
    const res = await putChunked(uploadURL, 20, 256 * 1024);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).size).toBe(5 * MB);
  });

  it("uses a link once: a second PUT is a conflict and the first file stays", async () => {
    const { uploadURL, objectPath } = await issueUpload(member);
    await put(uploadURL, pngBytes(1024)).expect(200);
    await put(uploadURL, pngBytes(4096)).expect(409);
    const served = await app.agent().get(objectPath).expect(200);
    expect(served.headers["content-length"]).toBe("1024");
  });

  it("refuses an empty body", async () => {
    const { uploadURL } = await issueUpload(member);
    await put(uploadURL, Buffer.alloc(0)).expect(400);
  });
});

describe("GET /objects/uploads/:id", () => {
  it("answers 404 for unknown and malformed ids, without long-term caching", async () => {
    const res = await app.agent().get(`/objects/uploads/${crypto.randomUUID()}`).expect(404);
    expect(res.headers["cache-control"]).toBeUndefined();
    await app.agent().get("/objects/uploads/..%2F..%2Fsecrets.json").expect(404);
  });
});
