import crypto from "node:crypto";
import { uploadIdFromObjectPath } from "@shared/object-uploads";
import { audioKindOf, SUBMISSION_MAX_BYTES, type AudioKind } from "@shared/submissions.values";
import type { Transaction } from "../../db/database";
import { uploadKey, type ObjectStorage } from "../../integrations/object-storage";
import { AUDIO_HEAD_BYTES, sniffAudioKind } from "./audio-signature";
import type { ObjectsRepository } from "./objects.repository";

/** What the claim read of the stored audio: its type as stored, size, kind by content and hash. */
export interface ClaimedAudio {
  contentType: string;
  size: number;
  kind: AudioKind;
  /** SHA-256 of the bytes, hex: the same track sent twice has the same one. */
  sha256: string;
}

/**
 * Why an audio upload cannot be claimed: not issued to this user for a submission, nothing
 * stored yet, more than 100MB (GCS takes what the browser sends), not MP3, WAV or FLAC by its
 * bytes, or its record went away (cleaned up) before the save.
 */
export type AudioClaimRefusal = "not-issued" | "not-uploaded" | "too-large" | "not-audio" | "gone";

/** Reads the whole object once: its first bytes for the kind, every byte for the hash. */
async function readAudio(storage: ObjectStorage, key: string) {
  const object = await storage.read(key);
  if (!object) return null;
  const hash = crypto.createHash("sha256");
  let head = Buffer.alloc(0);
  let size = 0;
  for await (const chunk of object.body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > SUBMISSION_MAX_BYTES) {
      object.body.destroy();
      return { tooLarge: true as const };
    }
    if (head.length < AUDIO_HEAD_BYTES) head = Buffer.concat([head, bytes]).subarray(0, AUDIO_HEAD_BYTES);
    hash.update(bytes);
  }
  return { contentType: object.contentType, size, kind: sniffAudioKind(head), sha256: hash.digest("hex") };
}

export type ClaimAudioUpload = <T>(
  userId: string,
  objectPath: string,
  save: (tx: Transaction, audio: ClaimedAudio) => Promise<T>,
) => Promise<{ claimed: T } | { refused: AudioClaimRefusal }>;

/**
 * Lets the submissions feature refer to an uploaded track without reading the objects table
 * itself. The bytes are read here, whichever driver stored them (with GCS the browser uploaded
 * them straight to the bucket): the kind by content, the size, and the hash that makes a track
 * submittable once. `save` runs in a transaction holding the upload's record, so the clean-up
 * of unclaimed uploads cannot remove it between the check and the save.
 */
export function createClaimAudioUpload(deps: {
  repository: ObjectsRepository;
  storage: ObjectStorage;
}): ClaimAudioUpload {
  const { repository, storage } = deps;
  return async (userId, objectPath, save) => {
    const id = uploadIdFromObjectPath(objectPath);
    const issued = id ? await repository.findByPath(objectPath) : undefined;
    if (!id || !issued || issued.userId !== userId || issued.purpose !== "submission") return { refused: "not-issued" };
    const info = await storage.stat(uploadKey(id));
    if (!info) return { refused: "not-uploaded" };
    if (info.size > SUBMISSION_MAX_BYTES) return { refused: "too-large" };
    const audio = await readAudio(storage, uploadKey(id));
    if (!audio) return { refused: "not-uploaded" };
    if ("tooLarge" in audio) return { refused: "too-large" };
    const { kind } = audio;
    // The bytes decide; a stored type that names another kind is refused too.
    if (!kind || audioKindOf(audio.contentType) !== kind) return { refused: "not-audio" };
    return repository.transaction(async (tx) => {
      const held = await repository.holdIssued(tx, objectPath);
      if (held?.userId !== userId) return { refused: "gone" as const };
      return { claimed: await save(tx, { ...audio, kind }) };
    });
  };
}
