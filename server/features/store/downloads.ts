import archiver from "archiver";
import type { Response } from "express";
import type { Readable } from "node:stream";
import { isCoverContentType, uploadIdFromObjectPath, type CoverContentType } from "@shared/object-uploads";
import { STORE_FORMATS, type StoreFormat } from "@shared/store";
import type { Executor } from "../../db/database";
import { HttpError } from "../../lib/http-error";
import { uploadKey, type ObjectStorage } from "../../integrations/object-storage";
import { openPurchase, tracksOfPurchase } from "./purchases.service";
import type { TrackAudioRow } from "./store.repository";

const EXTENSIONS: Record<StoreFormat, string> = { "mp3-320": "mp3", flac: "flac", wav: "wav" };
const CONTENT_TYPES: Record<StoreFormat, string> = { "mp3-320": "audio/mpeg", flac: "audio/flac", wav: "audio/wav" };

function fileIdOf(audio: TrackAudioRow, format: StoreFormat): string | null {
  if (format === "mp3-320") return audio.mp3Id;
  if (format === "flac") return audio.flacId;
  return audio.masterId;
}

/** A name any file system takes: no separators or control characters, at most 100 characters. */
function safeName(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f/\\:*?"<>|]+/g, " ")
      .trim()
      .slice(0, 100) || "track"
  );
}

const COVER_EXTENSIONS: Record<CoverContentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/**
 * The release's cover as stored, named by its type, or null without one. A cover that cannot be
 * found is left out rather than failing the download: the tracks are what was bought.
 */
async function openCover(storage: ObjectStorage, coverUrl: string | null) {
  const id = coverUrl ? uploadIdFromObjectPath(coverUrl) : null;
  const object = id ? await storage.read(uploadKey(id)) : null;
  if (!object) return null;
  if (!isCoverContentType(object.contentType)) {
    object.body.destroy();
    return null;
  }
  return { body: object.body, name: `cover.${COVER_EXTENSIONS[object.contentType]}` };
}

/** Appends one entry and waits until it is written, taking its listeners away again. */
async function appendWritten(zip: archiver.Archiver, body: Readable, name: string) {
  zip.append(body, { name });
  // Each wait takes its listeners away again: a long release must not pile them up.
  await new Promise<void>((resolve, reject) => {
    const written = () => (zip.off("error", failed), resolve());
    const failed = (error: Error) => (zip.off("entry", written), reject(error));
    zip.once("entry", written);
    zip.once("error", failed);
  });
}

/** The format asked for, when the sale offers it; 400 naming `format` otherwise. */
function offeredFormat(offered: string[], format: string): StoreFormat {
  if (!(STORE_FORMATS as readonly string[]).includes(format) || !offered.includes(format))
    throw HttpError.badRequest(`This release is offered in ${offered.join(", ")}`, {
      format: [`Choose one of ${offered.join(", ")}`],
    });
  return format as StoreFormat;
}

/** The plain filename= every browser reads; the UTF-8 one beside it keeps the real name. */
const asciiFilename = (name: string) => name.replace(/[^\x20-\x7e]/g, "_");

/**
 * One track of a purchase in one format, as its own file (no zip): `{artist} - 02 {track}.flac`,
 * streamed from storage with its length. 404 for a position the purchase does not hold (a single
 * track's purchase holds that track alone), 410 once refunded, 400 for a format not offered.
 */
export async function sendTrackFile(
  deps: { db: Executor; storage: ObjectStorage },
  token: string,
  params: { position: string; format: string },
  res: Response,
) {
  const { purchase, release, listing } = await openPurchase(deps.db, token);
  const chosen = offeredFormat(listing.formats as string[], params.format);
  const rows = await tracksOfPurchase(deps.db, purchase);
  const row = /^\d{1,4}$/.test(params.position)
    ? rows.find(({ track }) => track.position === Number(params.position))
    : undefined;
  if (!row) throw HttpError.notFound("This track is not part of this download");
  const id = row.audio ? fileIdOf(row.audio, chosen) : null;
  if (!id) throw HttpError.unavailable("This track's files are being made; try again soon");
  const object = await deps.storage.read(uploadKey(id));
  if (!object) throw HttpError.unavailable("This track's files are being made; try again soon");
  const name = safeName(`${release.artist} - ${String(row.number).padStart(2, "0")} ${row.track.title}`);
  res.status(200);
  res.type(CONTENT_TYPES[chosen]);
  res.setHeader("Content-Length", String(object.size));
  res.setHeader(
    "Content-Disposition",
    `attachment; filename="${asciiFilename(name)}.${EXTENSIONS[chosen]}"; filename*=UTF-8''${encodeURIComponent(`${name}.${EXTENSIONS[chosen]}`)}`,
  );
  res.setHeader("Cache-Control", "private, no-store");
  object.body.pipe(res);
}

/**
 * Streams the release's tracks in one format as a zip (archiver, store-only: audio does not
 * compress), with its cover when it has one, one file read from storage at a time, so memory
 * stays flat however many download at once. A single track's purchase gets a zip of that track
 * alone, named after it, its file in the release's folder under its number there (a second track
 * bought later unzips beside it). 404 for an unknown token, 410 once refunded, 400 for a format
 * not offered.
 */
export async function sendZip(
  deps: { db: Executor; storage: ObjectStorage },
  token: string,
  format: string,
  res: Response,
) {
  const { purchase, release, listing } = await openPurchase(deps.db, token);
  const chosen = offeredFormat(listing.formats as string[], format);
  const rows = await tracksOfPurchase(deps.db, purchase);
  const files = rows.map(({ track, audio, number }) => ({ track, number, id: audio ? fileIdOf(audio, chosen) : null }));
  if (files.length === 0 || files.some((file) => !file.id))
    throw HttpError.unavailable("This release's files are being made; try again soon");

  // Opened before the answer starts, so a storage failure is still an ordinary error answer.
  const cover = await openCover(deps.storage, listing.coverUrl);

  const base = safeName(`${release.artist} - ${release.title}`);
  const zipName = purchase.trackId === null ? base : safeName(`${release.artist} - ${files[0].track.title}`);
  res.status(200);
  res.type("application/zip");
  res.setHeader("Content-Disposition", `attachment; filename="${asciiFilename(zipName)}.zip"`);
  res.setHeader("Cache-Control", "private, no-store");
  const zip = archiver("zip", { store: true });
  zip.on("warning", (error) => zip.emit("error", error));
  zip.pipe(res);
  // The cover first, beside the tracks, streamed like them.
  if (cover) await appendWritten(zip, cover.body, `${base}/${cover.name}`);
  // One track at a time: the next is opened only once the previous one is written out.
  for (const { track, number, id } of files) {
    const object = await deps.storage.read(uploadKey(id!));
    if (!object) {
      zip.abort();
      res.destroy(new Error(`track ${track.id} has no stored ${chosen} file`));
      return;
    }
    const name = `${String(number).padStart(2, "0")} ${safeName(track.title)}.${EXTENSIONS[chosen]}`;
    await appendWritten(zip, object.body, `${base}/${name}`);
  }
  await zip.finalize();
}

/** A track's preview, never its full-length file. */
export async function sendPreview(
  deps: { db: Executor; storage: ObjectStorage },
  audio: TrackAudioRow | null,
  res: Response,
) {
  if (!audio || audio.status !== "ready" || !audio.previewId) throw HttpError.notFound("This track has no preview yet");
  const object = await deps.storage.read(uploadKey(audio.previewId));
  if (!object) throw HttpError.notFound("This track has no preview yet");
  res.type("audio/mpeg");
  res.setHeader("Content-Length", String(object.size));
  res.setHeader("Cache-Control", "public, max-age=3600");
  object.body.pipe(res);
}
