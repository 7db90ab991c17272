// The fast path of a TSV report (docs/decisions/034-streamed-royalty-imports.md): its bytes are
// turned into COPY rows without decoding whole lines into strings or splitting them into arrays.
// A field is copied byte for byte (a TSV field has no tab or newline, so it needs no escape
// unless it holds a backslash or a carriage return); only the date, the codes and the amount are
// read. A line the fast path is not sure of (a backslash, a carriage return or a NUL byte inside
// it, a field with spaces or non-ASCII at its ends, a code to normalise, anything invalid) goes
// through the line reader instead, which writes the same row or refuses the line with its
// reasons. The columns may stand in any order, among others the reader ignores; the checks that
// concern every byte (UTF-8, NUL) are native searches over a whole chunk of lines.
import { MicroSum } from "../../../lib/decimal";
import type { Recognised } from "./report-formats";
import { checkUtf8, lineTooLong, MAX_LINE_BYTES } from "./report-lines";
import {
  BACKSLASH,
  bytes,
  createCodeIndex,
  CR,
  isDigits,
  isPlainIsrc,
  micros,
  NEWLINE,
  NULL,
  plainEnd,
  putBytes,
  putField,
  TAB,
  USD,
} from "./tsv-bytes";

/**
 * Rows are written into slabs of this size and handed on as slices of them: a fresh buffer per
 * chunk would be a gigabyte of allocations per million lines, and V8 answers that much external
 * memory with full garbage collections, which cost as much as the server's heap is large.
 */
const SLAB_SIZE = 8 << 20;
/** A slab is left for a new one when less than this is left in it. */
const SLAB_ROOM = 512 << 10;

export interface TsvCopyOptions {
  recognised: Recognised;
  /** "<import id>\t", the start of every row. */
  prefix: string;
  trackByIsrc: Map<string, string>;
  releaseByUpc: Map<string, string>;
  /** The label's currency's running sum (TSV formats report in it only). */
  sum: MicroSum;
  /** The running sum of the lines' sizes (refunds counted as amounts too), for the import's bound. */
  sizes: MicroSum;
  /** A line the fast path leaves to the line reader: its COPY row (the reader throws on a bad line). */
  slowLine(fields: string[], line: number): string;
  /** Counts: lines read and lines matched. */
  counts: { lines: number; matched: number };
}

export function createTsvCopier(options: TsvCopyOptions) {
  const { sum, counts } = options;
  const { spec, at } = options.recognised;
  const trackOf = createCodeIndex(options.trackByIsrc);
  const releaseOf = createCodeIndex(options.releaseByUpc);
  const width = Math.max(...Object.values(at).flat()) + 1;
  const starts = new Int32Array(width);
  const ends = new Int32Array(width);
  const prefix = bytes(options.prefix);
  let out = Buffer.allocUnsafe(SLAB_SIZE);
  let pos = 0;
  let sliceStart = 0;
  const done: Buffer[] = [];
  const sameBytes = (buf: Buffer, from: number, to: number, other: Uint8Array) => {
    if (to - from !== other.length) return false;
    for (let i = 0; i < other.length; i++) if (buf[from + i] !== other[i]) return false;
    return true;
  };
  /** A field with a space or a non-ASCII byte at an end: the line reader trims it. */
  const padded = (buf: Buffer, index: number) => {
    const s = starts[index];
    const e = ends[index];
    return e > s && (!plainEnd(buf[s]) || !plainEnd(buf[e - 1]));
  };
  /** The first of a field's columns the line fills (most fields have one), else its first. */
  const pick = (candidates: number[]): number => {
    if (candidates.length === 1) return candidates[0];
    for (const index of candidates) if (ends[index] > starts[index]) return index;
    return candidates[0];
  };
  /** A field read through a format's function, remembered for the next line (dates repeat on every line). */
  const lastOf = (read: (value: string) => string | null) => {
    let raw = new Uint8Array(0);
    let value: Buffer | undefined;
    return (buf: Buffer, index: number): Buffer | undefined => {
      if (value && sameBytes(buf, starts[index], ends[index], raw)) return value;
      const read_ = read(buf.toString("latin1", starts[index], ends[index]));
      if (read_ === null) return undefined;
      raw = Uint8Array.prototype.slice.call(buf, starts[index], ends[index]);
      value = bytes(read_);
      return value;
    };
  };
  const dateOf = lastOf(spec.readDate);
  const monthOf = lastOf(spec.readSaleMonth);

  /** Writes the COPY row of one line, or answers false (nothing written) when the line reader must read it. */
  function fast(buf: Buffer, from: number, to: number): boolean {
    // One pass: where each needed field ends; a backslash or carriage return sends the line away.
    let field = 0;
    starts[0] = from;
    for (let i = from; i < to; i++) {
      const c = buf[i];
      if (c === TAB) {
        ends[field] = i;
        if (++field === width) break;
        starts[field] = i + 1;
      } else if (c === BACKSLASH || c === CR) return false;
    }
    if (field < width - 1) return false;
    if (field === width - 1) ends[field] = to;
    const saleMonthAt = pick(at.saleMonth);
    const storeAt = pick(at.store);
    const countryAt = pick(at.country);
    const titleAt = pick(at.title);
    const artistAt = pick(at.artist);
    const isrcAt = pick(at.isrc);
    const upcAt = pick(at.upc);
    const quantityAt = pick(at.quantity);
    const amountAt = pick(at.amount);
    if (
      padded(buf, saleMonthAt) ||
      padded(buf, storeAt) ||
      padded(buf, countryAt) ||
      padded(buf, titleAt) ||
      padded(buf, artistAt) ||
      padded(buf, isrcAt) ||
      padded(buf, upcAt) ||
      padded(buf, quantityAt)
    )
      return false;
    const date = dateOf(buf, pick(at.reportedOn));
    if (!date) return false;
    const amount = micros(buf, starts[amountAt], ends[amountAt]);
    if (Number.isNaN(amount)) return false;
    const qs = starts[quantityAt];
    const qe = ends[quantityAt];
    const qDigits = buf[qs] === 45 ? qs + 1 : qs;
    if (qe > qs && (qe - qDigits > 9 || !isDigits(buf, qDigits, qe))) return false;
    const hasIsrc = ends[isrcAt] > starts[isrcAt];
    if (hasIsrc && !isPlainIsrc(buf, starts[isrcAt], ends[isrcAt])) return false;
    const hasUpc = ends[upcAt] > starts[upcAt];
    if (hasUpc) {
      const length = ends[upcAt] - starts[upcAt];
      if ((length !== 12 && length !== 13) || !isDigits(buf, starts[upcAt], ends[upcAt])) return false;
    }
    let month: Buffer | undefined;
    if (ends[saleMonthAt] > starts[saleMonthAt]) {
      month = monthOf(buf, saleMonthAt);
      if (!month) return false;
    }
    // Matched by the code's bytes where they lie: no string per line (createCodeIndex).
    const trackId = hasIsrc ? trackOf(buf, starts[isrcAt], ends[isrcAt]) : undefined;
    const releaseId = trackId || !hasUpc ? undefined : releaseOf(buf, starts[upcAt], ends[upcAt]);

    if (pos + (to - from) * 2 + 256 > out.length) flush();
    if (pos + (to - from) * 2 + 256 > out.length) return false;
    // The row, written with local copies of the output and its position (the hot loop of an import).
    const o = out;
    let p = pos;
    p = putBytes(o, p, prefix);
    p = putBytes(o, p, date);
    o[p++] = TAB;
    p = putBytes(o, p, month ?? NULL);
    o[p++] = TAB;
    p = putField(o, p, buf, starts[storeAt], ends[storeAt]);
    p = putField(o, p, buf, starts[countryAt], ends[countryAt]);
    p = putField(o, p, buf, qs, qe);
    p = putField(o, p, buf, starts[isrcAt], ends[isrcAt]);
    p = putField(o, p, buf, starts[upcAt], ends[upcAt]);
    p = putField(o, p, buf, starts[titleAt], ends[titleAt]);
    p = putField(o, p, buf, starts[artistAt], ends[artistAt]);
    p = putBytes(o, p, USD);
    p = putField(o, p, buf, starts[amountAt], ends[amountAt]);
    o[p++] = 49; // the rate: 1
    o[p++] = TAB;
    p = putField(o, p, buf, starts[amountAt], ends[amountAt]);
    p = putBytes(o, p, trackId ?? NULL);
    o[p++] = TAB;
    p = putBytes(o, p, releaseId ?? NULL);
    o[p++] = NEWLINE;
    pos = p;
    sum.addMicros(amount);
    options.sizes.addMicros(amount < 0 ? -amount : amount);
    if (trackId || releaseId) counts.matched++;
    return true;
  }

  /** Hands on what was written since the last slice; starts a new slab when this one is nearly full. */
  function flush() {
    if (pos > sliceStart) done.push(out.subarray(sliceStart, pos));
    sliceStart = pos;
    if (out.length - pos < SLAB_ROOM) {
      out = Buffer.allocUnsafe(SLAB_SIZE);
      pos = sliceStart = 0;
    }
  }

  return {
    /**
     * The COPY rows of the whole lines of buf[from, to) (`to` just after a newline, or the end of
     * the file), numbered from `line` + 1; hands back the rows and the last line's number.
     */
    convert(buf: Buffer, from: number, to: number, line: number): { rows: Buffer[]; line: number } {
      checkUtf8(buf, from, to, line);
      // PostgreSQL's text cannot hold a NUL byte: a line with one goes to the line reader.
      let nul = buf.indexOf(0, from);
      for (let s = from; s < to;) {
        let e = buf.indexOf(NEWLINE, s);
        if (e < 0 || e > to) e = to;
        line++;
        if (e - s > MAX_LINE_BYTES) throw lineTooLong(line);
        const lineEnd = e > s && buf[e - 1] === CR ? e - 1 : e;
        const hasNul = nul >= 0 && nul < e;
        if (hasNul) nul = buf.indexOf(0, e);
        if (lineEnd > s) {
          counts.lines++;
          if (hasNul || !fast(buf, s, lineEnd)) {
            const row = options.slowLine(buf.toString("utf8", s, lineEnd).split("\t"), line);
            if (pos + Buffer.byteLength(row) <= out.length) pos += out.write(row, pos, "utf8");
            else {
              flush();
              done.push(Buffer.from(row));
            }
          }
        }
        s = e + 1;
      }
      flush();
      return { rows: done.splice(0), line };
    },
  };
}
