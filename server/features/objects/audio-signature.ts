import type { AudioKind } from "@shared/submissions.values";

/**
 * The audio kind the first bytes of a file show, or null: a submission is checked by what it
 * is, not by its name or the type the browser claimed.
 * - FLAC starts "fLaC";
 * - WAV is a RIFF container of type "WAVE";
 * - MP3 starts with an ID3v2 tag ("ID3") or an MPEG audio frame: 11 set sync bits, then a
 *   version and a layer that are not the reserved values.
 */
export function sniffAudioKind(head: Buffer): AudioKind | null {
  if (head.length >= 4 && head.toString("latin1", 0, 4) === "fLaC") return "flac";
  if (head.length >= 12 && head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WAVE")
    return "wav";
  if (head.length >= 3 && head.toString("latin1", 0, 3) === "ID3") return "mp3";
  if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0) {
    const version = (head[1] >> 3) & 0x03;
    const layer = (head[1] >> 1) & 0x03;
    if (version !== 0x01 && layer !== 0x00) return "mp3";
  }
  return null;
}

/** How many first bytes sniffAudioKind needs. */
export const AUDIO_HEAD_BYTES = 12;
