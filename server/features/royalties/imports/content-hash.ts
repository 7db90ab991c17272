// The duplicate check's hash (docs/decisions/038-real-exports-and-bounded-imports.md): sha-256 of
// the report's content, not of its bytes, so the same report saved again in another shape is the
// same report. The content is the file without a leading byte-order mark, with every CRLF read
// as LF, without the line ends (and so the blank lines) at its end, plus one final LF. A file in
// that form already (LF lines, one newline at the end) hashes as its bytes do.
//
// Chunks are hashed where they lie: a chunk without a carriage return is one update; only the
// run of line-end bytes at a chunk's end is held back, until content follows it (then it is
// hashed, normalised) or the file ends (then it is dropped).
import crypto from "node:crypto";

const LF = 10;
const CR = 13;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** A held run of line ends is hashed in pieces of this many newlines. */
const NEWLINES = Buffer.alloc(64 * 1024, LF);

const isLineEnd = (byte: number) => byte === LF || byte === CR;

export function createContentHash() {
  const hash = crypto.createHash("sha256");
  /** The file's first bytes, until there are enough to tell a byte-order mark. */
  let head: Buffer | undefined = Buffer.alloc(0);
  let hashedAny = false;
  // The held run of line ends, normalised: `heldText` (where a lone CR occurs), then `heldNewlines` LFs.
  let heldText = "";
  let heldNewlines = 0;
  let heldCr = false;

  /** Adds a run of line-end bytes to the held run (a CR directly before an LF is dropped). */
  function hold(buf: Buffer, from: number, to: number) {
    for (let i = from; i < to; i++) {
      if (buf[i] === LF) {
        heldCr = false;
        heldNewlines++;
      } else {
        if (heldCr) {
          heldText += "\n".repeat(heldNewlines) + "\r";
          heldNewlines = 0;
        }
        heldCr = true;
      }
    }
  }

  /** Content follows: the held run was inside the file, so it counts. */
  function releaseHeld() {
    if (heldCr) {
      heldText += "\n".repeat(heldNewlines) + "\r";
      heldNewlines = 0;
      heldCr = false;
    }
    if (heldText) hash.update(heldText);
    heldText = "";
    for (; heldNewlines > 0; heldNewlines -= NEWLINES.length) {
      hash.update(NEWLINES.subarray(0, Math.min(heldNewlines, NEWLINES.length)));
    }
    heldNewlines = 0;
  }

  /** Hashes buf[from, to), which starts and ends with content, its CRLFs as LFs. */
  function hashContent(buf: Buffer, from: number, to: number) {
    let segment = from;
    for (let cr = buf.indexOf(CR, from); cr >= 0 && cr < to; cr = buf.indexOf(CR, cr + 1)) {
      if (buf[cr + 1] !== LF) continue;
      hash.update(buf.subarray(segment, cr));
      segment = cr + 1;
    }
    hash.update(buf.subarray(segment, to));
    hashedAny = true;
  }

  function take(buf: Buffer) {
    let lead = 0;
    while (lead < buf.length && isLineEnd(buf[lead])) lead++;
    hold(buf, 0, lead);
    if (lead === buf.length) return;
    let tail = buf.length;
    while (isLineEnd(buf[tail - 1])) tail--;
    releaseHeld();
    hashContent(buf, lead, tail);
    hold(buf, tail, buf.length);
  }

  return {
    update(chunk: Buffer) {
      if (head) {
        const start = Buffer.concat([head, chunk]);
        if (start.length < BOM.length) {
          head = start;
          return;
        }
        head = undefined;
        chunk = start.subarray(0, BOM.length).equals(BOM) ? start.subarray(BOM.length) : start;
      }
      if (chunk.length > 0) take(chunk);
    },

    /** The hex digest; an empty file's content is empty. */
    digest(): string {
      if (head && head.length > 0) take(head);
      if (hashedAny) hash.update("\n");
      return hash.digest("hex");
    },
  };
}
