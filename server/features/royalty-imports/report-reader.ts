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
import { createLineReader, recognise, unknownHeaderError, type FormatSpec, type ReportLine } from "./report-formats";

/** How long a header row may be before the file is taken for something else. */
const MAX_HEADER_CHARS = 64 * 1024;
/** CSV records are handed on in batches of this many. */
const CSV_BATCH = 2000;

export interface ReportHandlers {
  /** Called once, when the header row is read. */
  onFormat(spec: FormatSpec): void | Promise<void>;
  /** Each batch of lines in order; the next chunk is read once the returned promise settles. */
  onLines(lines: ReportLine[]): void | Promise<void>;
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
  const decoder = new StringDecoder("utf8");
  let text = "";
  let newline = -1;
  let ended = false;
  while (newline < 0) {
    const next = await chunks.next();
    if (next.done) {
      text += decoder.end();
      ended = true;
      break;
    }
    text += decoder.write(next.value);
    newline = text.indexOf("\n");
    if (newline < 0 && text.length > MAX_HEADER_CHARS) throw unknownHeaderError();
  }
  if (text.charCodeAt(0) === 0xfeff) {
    text = text.slice(1);
    if (newline > 0) newline--;
  }
  if (newline < 0) newline = text.length;
  if (text.trim() === "") throw HttpError.badRequest("The file is empty");
  const recognised = recognise(headerCells(text.slice(0, newline).replace(/\r$/, "")));
  if (!recognised) throw unknownHeaderError();
  await handlers.onFormat(recognised.spec);
  const readLine = createLineReader(recognised.spec, recognised.at);
  const afterHeader = text.slice(newline + 1);
  const rest = ended ? undefined : chunks;
  if (recognised.spec.separator === "\t") await readTsv(afterHeader, rest, decoder, readLine, handlers);
  else await readCsv(afterHeader, rest, readLine, handlers);
}

async function readTsv(
  start: string,
  chunks: AsyncIterator<Buffer> | undefined,
  decoder: StringDecoder,
  readLine: ReturnType<typeof createLineReader>,
  handlers: ReportHandlers,
) {
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
  await take(start, chunks === undefined);
  if (!chunks) return;
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    await take(rest + decoder.write(next.value), false);
  }
  await take(rest + decoder.end(), true);
}

async function readCsv(
  start: string,
  chunks: AsyncIterator<Buffer> | undefined,
  readLine: ReturnType<typeof createLineReader>,
  handlers: ReportHandlers,
) {
  async function* input() {
    yield Buffer.from(start);
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
