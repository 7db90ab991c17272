import { execFile } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { PREVIEW_SECONDS } from "@shared/store";
import type { Database } from "../../db/database";
import type { Logger } from "../../lib/logger";
import { newUploadId, uploadKey, type ObjectStorage } from "../../integrations/object-storage";
import { finishAudio, lockNextPending } from "./store.repository";

const run = promisify(execFile);

/** Debian's ffmpeg (docs/decisions/051-the-music-store.md); FFMPEG_PATH points elsewhere where it lives elsewhere. */
const FFMPEG = process.env.FFMPEG_PATH ?? "/usr/bin/ffmpeg";
const FFPROBE = process.env.FFPROBE_PATH ?? "/usr/bin/ffprobe";
/** A 500 MB master takes well under this; a stuck ffmpeg is killed rather than holding the worker. */
const FFMPEG_TIMEOUT_MS = 10 * 60 * 1000;

export interface TranscodeDeps {
  db: Database;
  storage: ObjectStorage;
  logger: Logger;
}

async function ffmpeg(args: string[]) {
  await run(FFMPEG, ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...args], {
    timeout: FFMPEG_TIMEOUT_MS,
    maxBuffer: 1024 * 1024,
  });
}

async function durationOf(file: string): Promise<number> {
  const { stdout } = await run(FFPROBE, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], {
    timeout: 60_000,
  });
  const seconds = Number(stdout.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error("The master has no audio ffprobe can read");
  return Math.round(seconds);
}

async function store(storage: ObjectStorage, file: string, contentType: string): Promise<string> {
  const id = newUploadId();
  await storage.put(uploadKey(id), await fsp.readFile(file), contentType);
  return id;
}

/** Makes one master's MP3 320, FLAC and 30-second MP3 preview in a temporary folder. */
async function transcodeMaster(deps: TranscodeDeps, masterId: string) {
  const master = await deps.storage.read(uploadKey(masterId));
  if (!master) throw new Error("The master is no longer stored; upload it again");
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "store-audio-"));
  try {
    const input = path.join(dir, "master");
    await pipeline(master.body, fs.createWriteStream(input));
    const durationSeconds = await durationOf(input);
    const mp3 = path.join(dir, "full.mp3");
    const flac = path.join(dir, "full.flac");
    const preview = path.join(dir, "preview.mp3");
    await ffmpeg(["-i", input, "-vn", "-codec:a", "libmp3lame", "-b:a", "320k", mp3]);
    await ffmpeg(["-i", input, "-vn", "-codec:a", "flac", flac]);
    await ffmpeg([
      "-i",
      input,
      "-vn",
      "-t",
      String(PREVIEW_SECONDS),
      "-codec:a",
      "libmp3lame",
      "-b:a",
      "128k",
      preview,
    ]);
    return {
      durationSeconds,
      mp3Id: await store(deps.storage, mp3, "audio/mpeg"),
      flacId: await store(deps.storage, flac, "audio/flac"),
      previewId: await store(deps.storage, preview, "audio/mpeg"),
    };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Transcodes the oldest pending master, if any: its row stays locked while ffmpeg runs, so two
 * instances never make the same track. A master ffmpeg cannot read is marked failed with the
 * reason the release's page shows. Returns whether one was taken (the caller runs again).
 */
export async function transcodeNext(deps: TranscodeDeps): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const row = await lockNextPending(tx);
    if (!row) return false;
    try {
      const made = await transcodeMaster(deps, row.masterId);
      await finishAudio(tx, row.trackId, row.masterId, { status: "ready", error: null, ...made });
    } catch (error) {
      deps.logger.warn({ err: error, trackId: row.trackId }, "a track's master could not be transcoded");
      const reason =
        error instanceof Error && !("stderr" in error) ? error.message : "ffmpeg could not read the master";
      await finishAudio(tx, row.trackId, row.masterId, { status: "failed", error: reason });
    }
    return true;
  });
}
