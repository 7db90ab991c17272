// What every report line must be before it is read, checked on whole lines' bytes a chunk at a
// time (docs/decisions/038-real-exports-and-bounded-imports.md): at most 64 KB, and UTF-8 text.
// A chunk of valid lines costs one native UTF-8 check; only a chunk that fails is looked at
// line by line, to name the line.
import { isUtf8 } from "node:buffer";
import { HttpError } from "../../../lib/http-error";

/** The longest line (and header row) a report may have: real lines are a few hundred bytes. */
export const MAX_LINE_BYTES = 64 * 1024;

const NEWLINE = 10;

export const lineTooLong = (line: number) =>
  HttpError.badRequest(`Line ${line} is longer than 64 KB, which no report line is: is this the right file?`);

export const notUtf8 = (line: number) =>
  HttpError.badRequest(`Line ${line} is not UTF-8 text: save the report as UTF-8 and upload it again`);

/**
 * Refuses the first line of buf[from, to) (whole lines, numbered from `line` + 1) that is not
 * UTF-8 text.
 */
export function checkUtf8(buf: Buffer, from: number, to: number, line: number): void {
  if (isUtf8(buf.subarray(from, to))) return;
  for (let s = from; s < to;) {
    let e = buf.indexOf(NEWLINE, s);
    if (e < 0 || e >= to) e = to;
    line++;
    if (!isUtf8(buf.subarray(s, e))) throw notUtf8(line);
    s = e + 1;
  }
}

/**
 * The whole lines of a stream, as ranges of its chunks where they lie: each range ends just
 * after a newline, or at the end of the file. Only a line cut between two chunks is copied, to
 * be whole; one growing past MAX_LINE_BYTES is refused at once, so a file without newlines
 * costs neither time nor memory. `nextLine` says the number the next line will have.
 */
export async function* wholeLines(
  start: Buffer,
  chunks: AsyncIterator<Buffer> | undefined,
  nextLine: () => number,
): AsyncGenerator<[buf: Buffer, from: number, to: number]> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const carry = (buf: Buffer) => {
    pending.push(buf);
    pendingBytes += buf.length;
    if (pendingBytes > MAX_LINE_BYTES) throw lineTooLong(nextLine());
  };
  function* take(buf: Buffer): Generator<[Buffer, number, number]> {
    let from = 0;
    if (pendingBytes > 0) {
      const first = buf.indexOf(NEWLINE);
      if (first < 0) {
        carry(buf);
        return;
      }
      carry(buf.subarray(0, first + 1));
      const joined = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      yield [joined, 0, joined.length];
      from = first + 1;
    }
    const last = buf.lastIndexOf(NEWLINE);
    if (last >= from) yield [buf, from, last + 1];
    const rest = buf.subarray(Math.max(from, last + 1));
    if (rest.length > 0) carry(rest);
  }
  yield* take(start);
  if (chunks) for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield* take(next.value);
  if (pendingBytes > 0) {
    const joined = Buffer.concat(pending);
    yield [joined, 0, joined.length];
  }
}
