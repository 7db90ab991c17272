// Reads a report as it streams in, never holding the file: the header row picks the format,
// then the lines are handed on in batches (docs/decisions/034-streamed-royalty-imports.md).
// TSV reports are cut at newlines and tabs by hand, which is several times faster than a CSV
// parser and exact for them (they never quote; a tab cannot occur in a field); TuneCore's CSV
// quotes fields ("Korea, Republic of"), so it goes through csv-parse.
import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { parse as parseSync } from "csv-parse/sync";
import { HttpError } from "../../../lib/http-error";
import { createLineReader, type ReportLine } from "./line-reader";
import { recognise, unknownHeaderError, type Recognised } from "./report-formats";
import { checkUtf8, lineTooLong, MAX_LINE_BYTES, wholeLines } from "./report-lines";

/** How long a header row may be before the file is taken for something else. */
const MAX_HEADER_BYTES = MAX_LINE_BYTES;
const NEWLINE = 10;
/** CSV records are handed on in batches of this many. */
const CSV_BATCH = 2000;

export interface ReportHandlers {
  /** Called once, when the header row is read: the format and where its columns are. */
  onFormat(recognised: Recognised): void | Promise<void>;
  /** Each batch of lines in order; the next chunk is read once the returned promise settles. */
  onLines(lines: ReportLine[]): void | Promise<void>;
  /**
   * For a TSV format, a converter of whole lines' bytes (tsv-copy.ts) takes the place of
   * onLines: it is handed the bytes of complete lines and their first line's number less one,
   * and answers the last line's number.
   */
  tsvBytes?(
    recognised: Recognised,
  ): ((buf: Buffer, from: number, to: number, line: number) => Promise<number>) | undefined;
}

function headerCells(line: string): string[] {
  if (line.includes("\t")) return line.split("\t");
  try {
    return (parseSync(line) as string[][])[0] ?? [];
  } catch {
    return [];
  }
}

export async function readReport(source: AsyncIterable<Buffer>, handlers: ReportHandlers): Promise<void> {
  const chunks = source[Symbol.asyncIterator]();
  // The header row is found in bytes (a newline byte is always a line's end in UTF-8), so the
  // rest of the file can be read as bytes or text from exactly after it.
  const read: Buffer[] = [];
  let size = 0;
  let newline = -1;
  let ended = false;
  while (newline < 0) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    const found = next.value.indexOf(10);
    if (found >= 0) newline = size + found;
    read.push(next.value);
    size += next.value.length;
    if (newline < 0 && size > MAX_HEADER_BYTES) throw unknownHeaderError();
  }
  const head = Buffer.concat(read);
  const headerEnd = newline < 0 ? head.length : newline;
  checkUtf8(head, 0, headerEnd, 0);
  const header = head
    .toString("utf8", 0, headerEnd)
    .replace(/^\uFEFF/, "")
    .replace(/\r$/, "");
  const rest = head.subarray(Math.min(head.length, headerEnd + 1));
  if (header.trim() === "" && rest.length === 0) throw HttpError.badRequest("The file is empty");
  const recognised = recognise(headerCells(header));
  if (!recognised) throw unknownHeaderError();
  await handlers.onFormat(recognised);
  const more = ended ? undefined : chunks;
  if (recognised.spec.separator === ",") {
    await readCsv(rest, more, createLineReader(recognised), handlers);
    return;
  }
  const convert = handlers.tsvBytes?.(recognised);
  if (convert) await readTsvBytes(rest, more, convert);
  else await readTsv(rest, more, createLineReader(recognised), handlers);
}

/** Hands the converter the complete lines of each chunk where they lie (report-lines.ts). */
async function readTsvBytes(
  start: Buffer,
  chunks: AsyncIterator<Buffer> | undefined,
  convert: (buf: Buffer, from: number, to: number, line: number) => Promise<number>,
) {
  let line = 1; // the header's
  for await (const [buf, from, to] of wholeLines(start, chunks, () => line + 1)) {
    line = await convert(buf, from, to, line);
  }
}

async function readTsv(
  start: Buffer,
  chunks: AsyncIterator<Buffer> | undefined,
  readLine: ReturnType<typeof createLineReader>,
  handlers: ReportHandlers,
) {
  let line = 1; // the header's
  for await (const [buf, from, to] of wholeLines(start, chunks, () => line + 1)) {
    checkUtf8(buf, from, to, line);
    const lines: ReportLine[] = [];
    const end = buf[to - 1] === NEWLINE ? to - 1 : to;
    for (const text of buf.toString("utf8", from, end).split("\n")) {
      line++;
      if (text.length > MAX_LINE_BYTES / 3 && Buffer.byteLength(text) > MAX_LINE_BYTES) throw lineTooLong(line);
      const cut = text.endsWith("\r") ? text.slice(0, -1) : text;
      if (cut !== "") lines.push(readLine(cut.split("\t"), line));
    }
    if (lines.length > 0) await handlers.onLines(lines);
  }
}

/**
 * The CSV's bytes for csv-parse, each range of whole lines checked first: UTF-8, and no line
 * longer than MAX_LINE_BYTES (csv-parse would hold it, and decode bad bytes into U+FFFD).
 */
async function* checkedCsvBytes(start: Buffer, chunks: AsyncIterator<Buffer> | undefined) {
  let line = 1; // the header's
  for await (const [buf, from, to] of wholeLines(start, chunks, () => line + 1)) {
    checkUtf8(buf, from, to, line);
    for (let s = from; s < to;) {
      let e = buf.indexOf(NEWLINE, s);
      if (e < 0 || e >= to) e = to;
      line++;
      if (e - s > MAX_LINE_BYTES) throw lineTooLong(line);
      s = e + 1;
    }
    yield buf.subarray(from, to);
  }
}

async function readCsv(
  start: Buffer,
  chunks: AsyncIterator<Buffer> | undefined,
  readLine: ReturnType<typeof createLineReader>,
  handlers: ReportHandlers,
) {
  const source = Readable.from(checkedCsvBytes(start, chunks), { objectMode: false });
  const parser = source.pipe(parse({ info: true, skip_empty_lines: true, relax_column_count: true }));
  // pipe() does not hand on the source's errors (a refused line): the parser ends with them.
  source.on("error", (error) => parser.destroy(error));
  let batch: ReportLine[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines counts from the line after the header.
      batch.push(readLine(record, info.lines + 1));
      if (batch.length >= CSV_BATCH) {
        await handlers.onLines(batch);
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const at = (error as CsvError & { lines?: number }).lines;
      throw HttpError.badRequest(`${at ? `Line ${at + 1}: ` : ""}${error.message}`);
    }
    throw error;
  }
  if (batch.length > 0) await handlers.onLines(batch);
}
