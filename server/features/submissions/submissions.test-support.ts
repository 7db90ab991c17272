import crypto from "node:crypto";
import type { Agent, TestApp } from "../../test/app-harness";
import { relativeUrl } from "../objects/uploads.test-support";

/** A file whose first bytes make it MP3, WAV or FLAC, the rest random (so each is a new track). */
export function audioBytes(kind: "mp3" | "wav" | "flac", size = 4096): Buffer {
  const body = crypto.randomBytes(size);
  if (kind === "mp3") body.write("ID3", 0, "latin1");
  if (kind === "flac") body.write("fLaC", 0, "latin1");
  if (kind === "wav") {
    body.write("RIFF", 0, "latin1");
    body.writeUInt32LE(size - 8, 4);
    body.write("WAVE", 8, "latin1");
  }
  return body;
}

const TYPES = { mp3: "audio/mpeg", wav: "audio/wav", flac: "audio/flac" } as const;

/** Issues a submission upload for `agent` and PUTs `bytes` to it; the object path. */
export async function uploadAudio(app: TestApp, agent: Agent, bytes: Buffer, kind: keyof typeof TYPES = "mp3") {
  const issued = await agent
    .post("/api/objects/upload")
    .send({ purpose: "submission", contentType: TYPES[kind], size: bytes.length })
    .expect(200);
  const { uploadURL, objectPath } = issued.body as { uploadURL: string; objectPath: string };
  await app.agent().put(relativeUrl(app, uploadURL)).set("Content-Type", TYPES[kind]).send(bytes).expect(200);
  return objectPath;
}

export const trackFields = { artistName: "Nova Reign", trackTitle: "After Hours", genre: "R&B / Soul", bpm: 92 };

/** Uploads a new MP3 and submits it; the answer. */
export async function submitTrack(app: TestApp, agent: Agent, fields: Record<string, unknown> = {}) {
  const fileKey = await uploadAudio(app, agent, audioBytes("mp3"));
  return agent
    .post("/api/submissions")
    .send({ ...trackFields, ...fields, fileKey })
    .expect(201);
}
