// The byte-level pieces of the TSV fast path (tsv-copy.ts): small loops over a line's bytes,
// cheaper than a native call per field, each answering the position after what it wrote or read.
export const TAB = 9;
export const NEWLINE = 10;
export const CR = 13;
export const BACKSLASH = 92;

/** Printable ASCII but space: a field whose ends are so needs no trimming. */
export const plainEnd = (byte: number) => byte > 32 && byte < 127;

/**
 * Small copies are loops: a native call per field (Buffer.copy) would cost more than the copy.
 * Each answers the position after what it wrote.
 */
export function putBytes(out: Buffer, at: number, from: Uint8Array): number {
  for (let i = 0; i < from.length; i++) out[at++] = from[i];
  return at;
}

/** A field's bytes and the tab after it; an empty field is null (\\N). */
export function putField(out: Buffer, at: number, buf: Buffer, from: number, to: number): number {
  if (from === to) {
    out[at++] = BACKSLASH;
    out[at++] = 78; // N
  } else for (let i = from; i < to; i++) out[at++] = buf[i];
  out[at++] = TAB;
  return at;
}

/** 12 upper-case letters or digits: an ISRC already in its compared form. */
export function isPlainIsrc(buf: Buffer, from: number, to: number) {
  if (to - from !== 12) return false;
  for (let i = from; i < to; i++) {
    const c = buf[i];
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) return false;
  }
  return true;
}

export function isDigits(buf: Buffer, from: number, to: number) {
  for (let i = from; i < to; i++) {
    const c = buf[i];
    if (c < 48 || c > 57) return false;
  }
  return to > from;
}

/**
 * Millionths of an amount [-]d{1,9}[.d{1,6}], or NaN when the bytes are not one (more digits go to
 * the line reader, which refuses a size past the import's bounds).
 */
export function micros(buf: Buffer, from: number, to: number): number {
  let i = from;
  const negative = buf[i] === 45;
  if (negative) i++;
  let whole = 0;
  let digits = 0;
  for (; i < to && buf[i] !== 46; i++) {
    const c = buf[i] - 48;
    if (c < 0 || c > 9) return NaN;
    whole = whole * 10 + c;
    digits++;
  }
  if (digits === 0 || digits > 9) return NaN;
  let fraction = 0;
  let places = 0;
  if (i < to) {
    for (i++; i < to; i++) {
      const c = buf[i] - 48;
      if (c < 0 || c > 9) return NaN;
      fraction = fraction * 10 + c;
      places++;
    }
    if (places === 0 || places > 6) return NaN;
  }
  for (; places < 6; places++) fraction *= 10;
  const value = whole * 1e6 + fraction;
  return negative ? -value : value;
}

/** Bytes of ASCII text, copied into the output by the loop below. */
export const bytes = (text: string) => Buffer.from(text, "latin1");
export const NULL = bytes("\\N");
export const USD = bytes("USD\t");

/** FNV-1a of buf[from, to), as a non-negative small integer. */
function hashBytes(buf: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ buf[i], 0x01000193);
  return h >>> 1;
}

/**
 * A catalogue map (code → id) read by the bytes of a code where they lie in a line: no string
 * is made per line, and the id comes back as the bytes a row is written with. Open addressing
 * in a table at most half full, so a lookup is a hash, a probe or two and one comparison.
 */
export function createCodeIndex(byCode: Map<string, string>) {
  let size = 16;
  while (size < byCode.size * 2) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size).fill(-1);
  const codes: Buffer[] = [];
  const ids: Buffer[] = [];
  for (const [code, id] of byCode) {
    const key = bytes(code);
    let at = hashBytes(key, 0, key.length) & mask;
    while (slots[at] !== -1) at = (at + 1) & mask;
    slots[at] = codes.length;
    codes.push(key);
    ids.push(bytes(id));
  }
  return (buf: Buffer, from: number, to: number): Buffer | undefined => {
    const length = to - from;
    for (let at = hashBytes(buf, from, to) & mask; slots[at] !== -1; at = (at + 1) & mask) {
      const code = codes[slots[at]];
      if (code.length !== length) continue;
      let i = 0;
      while (i < length && code[i] === buf[from + i]) i++;
      if (i === length) return ids[slots[at]];
    }
    return undefined;
  };
}
