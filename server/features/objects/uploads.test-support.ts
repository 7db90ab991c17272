import zlib from "node:zlib";
import sharp from "sharp";
import { expect } from "vitest";
import type { Agent, TestApp } from "../../test/app-harness";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header declares `width` × `height` (RGB), with one row of pixel data: what the
 * header-only checks read, in a few dozen bytes. `size` pads it to exactly that many bytes
 * with a comment chunk.
 */
export function declaredPng(width: number, height: number, size?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const start = Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(1 + width * 3))),
  ]);
  const end = pngChunk("IEND", Buffer.alloc(0));
  const overhead = 12 + "Comment\0".length;
  const padding = size === undefined ? 0 : size - start.length - end.length - overhead;
  if (padding < 0) return Buffer.concat([start, end]);
  const comment = pngChunk("tEXt", Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.alloc(padding, 0x20)]));
  return Buffer.concat([start, comment, end]);
}

/** A real 1 × 1 PNG of exactly `size` bytes. */
export function pngBytes(size: number): Buffer {
  const png = declaredPng(1, 1, size);
  if (png.length !== size) throw new Error(`a PNG cannot be ${size} bytes`);
  return png;
}

/** A real JPEG of `width` × `height` pixels in one colour. */
export function jpegBytes(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#7c3aed" } })
    .jpeg()
    .toBuffer();
}

/** The app-relative part of an absolute upload URL, for supertest agents. */
export function relativeUrl(app: TestApp, url: string): string {
  expect(url.startsWith(app.baseUrl)).toBe(true);
  return url.slice(app.baseUrl.length);
}

export async function issueUpload(agent: Agent, body?: { contentType: string }) {
  const res = await agent.post("/api/objects/upload").send(body).expect(200);
  return res.body as { uploadURL: string; objectPath: string };
}

/** Issues an upload address for `agent` and PUTs a small PNG to it. */
export async function uploadPng(app: TestApp, agent: Agent, size = 2048): Promise<string> {
  const { uploadURL, objectPath } = await issueUpload(agent);
  await app.agent().put(relativeUrl(app, uploadURL)).set("Content-Type", "image/png").send(pngBytes(size)).expect(200);
  return objectPath;
}
