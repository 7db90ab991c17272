import { expect } from "vitest";
import type { Agent, TestApp } from "../../test/app-harness";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes that start like a PNG (signature + padding): enough for the type check. */
export function pngBytes(size: number): Buffer {
  return Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, 7)]);
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
