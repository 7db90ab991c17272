import crypto from "node:crypto";
import type { Request, Response } from "express";
import { pipeline } from "node:stream/promises";
import { pathParts } from "@shared/api-route";
import { uploadIdFromObjectPath } from "@shared/object-uploads";
import { submissionFiles } from "@shared/submissions.api";
import { uploadKey, type ByteRange, type ObjectStorage } from "../../integrations/object-storage";
import { HttpError } from "../../lib/http-error";

/**
 * How long a listening link works. Short, because it is the only permission the player's GET
 * carries: a copied link stops working within minutes. The pages ask for fresh ones as they
 * refetch (and on every opening of a submission).
 */
export const AUDIO_LINK_TTL_SECONDS = 10 * 60;

export interface AudioLinks {
  /** The player's address for submission `id`, working until `now + ttl`. */
  sign(id: string, nowMs?: number): string;
  /** "valid", "expired" (a real link, too old) or "invalid" (anything forged or altered). */
  check(id: string, query: Record<string, unknown>, nowMs?: number): "valid" | "expired" | "invalid";
}

/** Signed with a key of its own derived from the session secret, as upload addresses are. */
export function createAudioLinks(sessionSecret: string): AudioLinks {
  const key = crypto.createHmac("sha256", sessionSecret).update("label-platform/submission-audio/v1").digest();
  const signature = (id: string, expires: number) =>
    crypto.createHmac("sha256", key).update(`${id}\n${expires}`).digest("base64url");
  return {
    sign(id, nowMs = Date.now()) {
      const expires = Math.floor(nowMs / 1000) + AUDIO_LINK_TTL_SECONDS;
      const query = new URLSearchParams({ expires: String(expires), signature: signature(id, expires) });
      return `${pathParts(submissionFiles.audio.path, { id }).join("/")}?${query}`;
    },
    check(id, query, nowMs = Date.now()) {
      const { expires, signature: given } = query;
      if (typeof expires !== "string" || !/^\d{1,12}$/.test(expires) || typeof given !== "string") return "invalid";
      const expected = Buffer.from(signature(id, Number(expires)));
      const actual = Buffer.from(given);
      if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected)) return "invalid";
      return Number(expires) < Math.floor(nowMs / 1000) ? "expired" : "valid";
    },
  };
}

/** One "bytes=start-end" range (or "start-", or "-suffix") within `size`; null for none; "unsatisfiable". */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/**
 * Streams a submission's stored audio, a range of it when the player seeks (206). The caller
 * has checked the link and found the submission's object path.
 */
export async function streamAudio(
  storage: ObjectStorage,
  objectPath: string | null,
  req: Request,
  res: Response,
  maxAgeSeconds: number,
): Promise<void> {
  const id = objectPath ? uploadIdFromObjectPath(objectPath) : null;
  const info = id ? await storage.stat(uploadKey(id)) : null;
  if (!id || !info) throw HttpError.notFound("This submission has no audio");
  const range = parseRange(req.get("range"), info.size);
  if (range === "unsatisfiable") {
    res.status(416).set("Content-Range", `bytes */${info.size}`);
    throw new HttpError(416, "The requested range is outside the file");
  }
  const object = await storage.read(uploadKey(id), range ?? undefined);
  if (!object) throw HttpError.notFound("This submission has no audio");
  res.status(range ? 206 : 200).set({
    "Content-Type": object.contentType,
    "Content-Length": String(range ? range.end - range.start + 1 : info.size),
    "Accept-Ranges": "bytes",
    "Cache-Control": `private, max-age=${Math.max(0, maxAgeSeconds)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
    ...(range ? { "Content-Range": `bytes ${range.start}-${range.end}/${info.size}` } : {}),
  });
  await pipeline(object.body, res);
}
