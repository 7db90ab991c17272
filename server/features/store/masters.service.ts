import type { Readable } from "node:stream";
import { TRACK_NOT_FOUND } from "@shared/royalty-catalogue";
import { MASTER_CONTENT_TYPES, MASTER_MAX_BYTES, MASTER_UPLOAD_PATH } from "@shared/store";
import { pathParts } from "@shared/api-route";
import { isUploadId } from "@shared/object-uploads";
import type { Executor } from "../../db/database";
import { HttpError } from "../../lib/http-error";
import {
  EmptyObjectError,
  ObjectExistsError,
  ObjectTooLargeError,
  UPLOAD_URL_TTL_SECONDS,
  newUploadId,
  uploadKey,
  type ObjectStorage,
  type UploadUrlQuery,
} from "../../integrations/object-storage";
import { findAudio, findAudioByMaster, findTrack, markPending, startMaster } from "./store.repository";

export interface MastersDeps {
  db: Executor;
  storage: ObjectStorage;
  /** Asks the transcoding job to run now rather than at its next sweep. */
  transcodeSoon: () => void;
}

const TOO_LARGE = "A master may be at most 500 MB";
const NOT_AUDIO = "The file is not a WAV or FLAC file";

/** WAV starts "RIFF....WAVE"; FLAC starts "fLaC". */
function sniffMaster(head: Buffer): "wav" | "flac" | null {
  if (head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WAVE")
    return "wav";
  if (head.subarray(0, 4).toString("latin1") === "fLaC") return "flac";
  return null;
}

const kindOf = (contentType: string) => (contentType.includes("flac") ? "flac" : "wav");

/**
 * An upload address for a track's master, by the same presigned mechanism as a logo
 * (docs/decisions/010-object-uploads.md): a server-chosen key, an address that expires. With the
 * local driver the bytes come to the store's own handler, which holds them to audio's type and
 * 500 MB rather than an image's; the signature covers the id, expiry and type, not the path.
 */
export async function issueMaster(deps: MastersDeps, trackId: string, contentType: string) {
  if (!(await findTrack(deps.db, trackId))) throw HttpError.notFound(TRACK_NOT_FOUND);
  const id = newUploadId();
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000);
  const signed = await deps.storage.createUploadUrl(uploadKey(id), { expiresAt, contentType });
  await startMaster(deps.db, trackId, id, contentType);
  if (deps.storage.driver !== "local") return { uploadURL: signed };
  const url = new URL(signed);
  url.pathname = pathParts(MASTER_UPLOAD_PATH, { id }).join("/");
  return { uploadURL: url.toString() };
}

export interface IncomingMaster {
  id: string;
  query: UploadUrlQuery;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: Readable;
}

/** The local driver's PUT of a master: signature, an issued master, its type, then a streamed write. */
export async function receiveMaster(deps: MastersDeps, upload: IncomingMaster) {
  const { storage } = deps;
  if (storage.driver !== "local") throw HttpError.notFound("Uploads go directly to object storage");
  if (!isUploadId(upload.id)) throw HttpError.forbidden("This upload link is not valid");
  const check = storage.checkUploadUrl(upload.id, upload.query);
  if (check === "expired") throw HttpError.forbidden("This upload link has expired. Please try again.");
  if (check !== "valid") throw HttpError.forbidden("This upload link is not valid");
  const audio = await findAudioByMaster(deps.db, upload.id);
  if (!audio) throw HttpError.notFound("Upload not found");
  const contentType = upload.contentType?.split(";")[0].trim().toLowerCase() ?? "";
  if (!(MASTER_CONTENT_TYPES as readonly string[]).includes(contentType) || contentType !== audio.masterContentType)
    throw new HttpError(415, "Upload a WAV or FLAC master, of the type asked for");
  if (Number(upload.contentLength) > MASTER_MAX_BYTES) throw new HttpError(413, TOO_LARGE);
  try {
    return await storage.write(uploadKey(upload.id), upload.body, {
      contentType,
      maxBytes: MASTER_MAX_BYTES,
      checkHead: (head) => {
        if (sniffMaster(head) !== kindOf(contentType)) throw new HttpError(415, NOT_AUDIO);
      },
    });
  } catch (error) {
    if (error instanceof ObjectTooLargeError) throw new HttpError(413, TOO_LARGE);
    if (error instanceof ObjectExistsError) throw HttpError.conflict("This upload link has already been used");
    if (error instanceof EmptyObjectError) throw HttpError.badRequest("The file is empty");
    throw error;
  }
}

/** After the browser's PUT: the master is there, so it is queued for transcoding. */
export async function masterUploaded(deps: MastersDeps, trackId: string) {
  const track = await findTrack(deps.db, trackId);
  if (!track) throw HttpError.notFound(TRACK_NOT_FOUND);
  const audio = await findAudio(deps.db, trackId);
  const stored = audio ? await deps.storage.stat(uploadKey(audio.masterId)) : null;
  if (!audio || !stored) throw HttpError.conflict("No master was uploaded for this track; upload it first");
  if (stored.size > MASTER_MAX_BYTES) throw new HttpError(413, TOO_LARGE);
  const row = audio.status === "uploading" ? await markPending(deps.db, trackId) : audio;
  deps.transcodeSoon();
  return {
    trackId,
    title: track.title,
    position: track.position,
    status: row.status,
    error: row.error,
    durationSeconds: row.durationSeconds,
  };
}
