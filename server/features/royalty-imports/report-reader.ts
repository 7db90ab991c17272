// Reads a report as it streams in, never holding the file: the header row picks the format,
// then the lines are handed on in batches (docs/decisions/034-streamed-royalty-imports.md).
// TSV reports are cut at newlines and tabs by hand, which is several times faster than a CSV
// parser and exact for them (they never quote; a tab cannot occur in a field); TuneCore's CSV
// quotes fields ("Korea, Republic of"), so it goes through csv-parse.
import { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { CsvError, parse } from "csv-parse";
import { parse as parseSync } from "csv-parse/sync";
import { HttpError } from "../../lib/http-error";
import {
  createLineReader,
  recognise,
  unknownHeaderError,
  type ColumnIndexes,
  type FormatSpec,
  type ReportLine,
} from "./report-formats";

/** How long a header row may be before the file is taken for something else. */
const MAX_HEADER_BYTES = 64 * 1024;
/** CSV records are handed on in batches of this many. */
const CSV_BATCH = 2000;

export interface ReportHandlers {
  /** Called once, when the header row is read. */
  onFormat(spec: FormatSpec): void | Promise<void>;
  /** Each batch of lines in order; the next chunk is read once the returned promise settles. */
  onLines(lines: ReportLine[]): void | Promise<void>;
  /**
   * For a TSV format, a converter of whole lines' bytes (tsv-copy.ts) takes the place of
   * onLines: it is handed the bytes of complete lines and their first line's number less one,
   * and answers the last line's number.
   */
  tsvBytes?(
    spec: FormatSpec,
    at: ColumnIndexes,
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
  const header = head
    .toString("utf8", 0, headerEnd)
    .replace(/^\uFEFF/, "")
    .replace(/\r$/, "");
  const rest = head.subarray(Math.min(head.length, headerEnd + 1));
  if (header.trim() === "" && rest.length === 0) throw HttpError.badRequest("The file is empty");
  const recognised = recognise(headerCells(header));
  if (!recognised) throw unknownHeaderError();
  await handlers.onFormat(recognised.spec);
  const more = ended ? undefined : chunks;
  if (recognised.spec.separator === ",") {
    await readCsv(rest, more, createLineReader(recognised.spec, recognised.at), handlers);
    return;
  }
  const convert = handlers.tsvBytes?.(recognised.spec, recognised.at);
  if (convert) await readTsvBytes(rest, more, convert);
  else await readTsv(rest, more, createLineReader(recognised.spec, recognised.at), handlers);
}

/**
 * Hands the converter the complete lines of each chunk where they lie; only a line cut between
 * two chunks is copied, to be whole.
 */
async function readTsvBytes(
  start: Buffer,
  chunks: AsyncIterator<Buffer> | undefined,
  convert: (buf: Buffer, from: number, to: number, line: number) => Promise<number>,
) {
  let line = 1; // the header's
  let rest = start;
  const take = async (buf: Buffer) => {
    let from = 0;
    if (rest.length > 0) {
      const first = buf.indexOf(10);
      if (first < 0) {
        rest = Buffer.concat([rest, buf]);
        return;
      }
      const joined = Buffer.concat([rest, buf.subarray(0, first + 1)]);
      line = await convert(joined, 0, joined.length, line);
      from = first + 1;
    }
    const last = buf.lastIndexOf(10);
    if (last >= from) line = await convert(buf, from, last + 1, line);
    rest = buf.subarray(Math.max(from, last + 1));
  };
  const first = rest;
  rest = Buffer.alloc(0);
  await take(first);
  if (chunks) for (let next = await chunks.next(); !next.done; next = await chunks.next()) await take(next.value);
  if (rest.length > 0) await convert(rest, 0, rest.length, line);
}

async function readTsv(
  start: Buffer,
  chunks: AsyncIterator<Buffer> | undefined,
  readLine: ReturnType<typeof createLineReader>,
  handlers: ReportHandlers,
) {
  const decoder = new StringDecoder("utf8");
  let line = 1; // the header's
  let rest = "";
  const take = async (text: string, last: boolean) => {
    const lines: ReportLine[] = [];
    let from = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", from)) {
      line++;
      const cut = end > from && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
      if (cut > from) lines.push(readLine(text.slice(from, cut).split("\t"), line));
      from = end + 1;
    }
    rest = text.slice(from);
    if (last && rest.replace(/\r$/, "") !== "") {
      line++;
      lines.push(readLine(rest.replace(/\r$/, "").split("\t"), line));
    }
    if (lines.length > 0) await handlers.onLines(lines);
  };
  await take(decoder.write(start), chunks === undefined);
  if (!chunks) return;
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    await take(rest + decoder.write(next.value), false);
  }
  await take(rest + decoder.end(), true);
}

async function readCsv(
  start: Buffer,
  chunks: AsyncIterator<Buffer> | undefined,
  readLine: ReturnType<typeof createLineReader>,
  handlers: ReportHandlers,
) {
  async function* input() {
    yield start;
    if (!chunks) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  }
  const parser = Readable.from(input(), { objectMode: false }).pipe(
    parse({ info: true, skip_empty_lines: true, relax_column_count: true }),
  );
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
