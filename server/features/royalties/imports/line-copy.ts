// The import's one transaction: every line goes in through COPY on one pooled connection, and
// the import's row is finished (with the file's hash, unique) in the same transaction, so a
// refused file leaves nothing behind (docs/decisions/034-streamed-royalty-imports.md).
import { once } from "node:events";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** COPY is sent in writes of about this many characters. */
const BATCH_CHARS = 256 * 1024;

/** The columns every row has, in the order the rows give them. */
const COLUMNS = [
  "import_id",
  "reported_on",
  "sale_month",
  "store",
  "country",
  "quantity",
  "isrc",
  "upc",
  "title",
  "artist",
  "currency",
  "amount",
  "rate",
  "converted",
  "track_id",
  "release_id",
];
/** And after them, for a report that says what its sales were in (TuneCore's newer layout). */
const EXCHANGE_COLUMNS = ["net_sales_currency", "exchange_rate"];

const SPECIAL = /[\\\t\n\r]/;

/** A text field in COPY's text format: null as \N, and its backslashes, tabs and line ends escaped. */
export function copyText(value: string | null): string {
  if (value === null) return "\\N";
  if (!SPECIAL.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"));
}

/** The import's row was deleted while its file was read; the COPY is rolled back. */
export class ImportRemovedError extends Error {
  constructor() {
    super("The import was removed while its file was read");
  }
}

export interface FinishedImport {
  format: string;
  contentHash: string;
  bytesRead: number;
  lines: number;
  matched: number;
  unmatched: number;
  total: string;
}

/** The import's COPY; `withExchange`: its rows end with the EXCHANGE_COLUMNS. */
export async function openLineCopy(pool: pg.Pool, importId: string, withExchange = false) {
  const columns = (withExchange ? [...COLUMNS, ...EXCHANGE_COLUMNS] : COLUMNS).join(", ");
  const client = await pool.connect();
  let copy: ReturnType<typeof copyFrom> | undefined;
  let failure: Error | undefined;
  try {
    await client.query("begin");
    // A few megabytes may wait for the socket, so reading goes on while PostgreSQL takes a batch.
    copy = client.query(copyFrom(`copy royalty_lines (${columns}) from stdin`, { highWaterMark: 4 * 1024 * 1024 }));
  } catch (error) {
    client.release(true);
    throw error;
  }
  const stream = copy;
  stream.on("error", (error: Error) => (failure ??= error));
  let pending = "";
  let released = false;
  const release = (destroy?: boolean) => {
    if (released) return;
    released = true;
    client.release(destroy);
  };

  async function send(data: string | Buffer) {
    if (failure) throw failure;
    // once() rejects when the stream errors meanwhile (a refused line, a lost connection).
    if (!stream.write(data)) await once(stream, "drain");
    if (failure) throw failure;
  }

  async function flush() {
    const text = pending;
    pending = "";
    await send(text);
  }

  return {
    /** Adds COPY lines (each ending in a newline); resolves once PostgreSQL can take more. */
    async write(lines: string | Buffer) {
      if (typeof lines !== "string") {
        if (pending) await flush();
        await send(lines);
        return;
      }
      pending += lines;
      if (pending.length >= BATCH_CHARS) await flush();
    },

    /**
     * Ends the COPY and finishes the import's row in the transaction; a unique violation of the
     * hash (the same file, imported meanwhile or before) rolls every line back and is thrown.
     */
    async finish(result: FinishedImport) {
      try {
        if (pending) await flush();
        stream.end();
        await once(stream, "finish");
        if (failure) throw failure;
        const finished = await client.query(
          `update royalty_imports set format = $2, content_hash = $3, status = 'done', bytes_read = $4, lines = $5,
             matched = $6, unmatched = $7, total = $8, finished_at = now() where id = $1`,
          [
            importId,
            result.format,
            result.contentHash,
            result.bytesRead,
            result.lines,
            result.matched,
            result.unmatched,
            result.total,
          ],
        );
        // Removed while it was read (DELETE /api/royalty-imports/:id): its lines must not stay behind.
        if (finished.rowCount !== 1) throw new ImportRemovedError();
        await client.query("commit");
        release();
      } catch (error) {
        // The connection may be mid-COPY: it is closed rather than handed back (the server rolls back).
        release(true);
        throw error;
      }
    },

    /** Gives up: nothing the COPY sent is kept. */
    abort() {
      if (released) return;
      stream.destroy();
      release(true);
    },
  };
}

export type LineCopy = Awaited<ReturnType<typeof openLineCopy>>;
