// The upload of a distributor's report: a multipart request whose `rates` field must come
// before its `file` part (docs/decisions/034-streamed-royalty-imports.md).
import { once } from "node:events";
import type { Readable } from "node:stream";
import type { Request } from "express";
import busboy from "busboy";
import { LABEL_CURRENCY } from "@shared/royalty-codes";
import { importRatesSchema, type ImportRates, type ImportResult } from "@shared/royalty-imports";
import { HttpError } from "../../../lib/http-error";

/** The file part as it streams in, with what came before it. */
export interface Upload {
  file: Readable;
  name: string;
  /** The rates sent before the file. */
  rates: () => ImportRates;
  /** The request's Content-Length (the progress bar's whole), when sent. */
  bytesTotal: number | null;
  /** Resolves once the whole request is read; throws when what followed the file is refused. */
  requestRead: () => Promise<void>;
}

/** "A rate is at most…" as it reads after a colon. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function readRates(value: string): ImportRates {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw HttpError.badRequest('The rates could not be read: they are sent as JSON, like {"EUR":"1.10"}', {
      rates: ["The rates could not be read"],
    });
  }
  const parsed = importRatesSchema.safeParse(json);
  if (!parsed.success) {
    const message = parsed.error.issues
      .map(
        (i) =>
          `${i.path.length > 0 ? `Check the rate for ${i.path.join(".")}` : "Check the rates"}: ${lowerFirst(i.message)}`,
      )
      .join("; ");
    throw HttpError.badRequest(message, { rates: [message] });
  }
  const { [LABEL_CURRENCY]: _own, ...others } = parsed.data;
  return others;
}

/** Reads the rest of a request that will not be used, so its answer reaches the client. */
async function discardRest(req: Request, parts: NodeJS.WritableStream) {
  req.unpipe(parts);
  if (req.readableEnded || req.destroyed) return;
  req.resume();
  await Promise.race([once(req, "end"), once(req, "close")]).catch(() => undefined);
}

/**
 * Reads POST /api/royalty-imports's multipart request: the `rates` field, then the `file` part,
 * handed to `importFile` as a stream while it uploads. A refusal reads the rest of the request
 * before it is answered, so the client gets the answer rather than a reset connection.
 */
export async function receiveReport(
  req: Request,
  importFile: (upload: Upload) => Promise<ImportResult>,
): Promise<ImportResult> {
  let parts: busboy.Busboy;
  try {
    parts = busboy({ headers: req.headers, limits: { files: 1, fields: 5, fieldSize: 64 * 1024, parts: 10 } });
  } catch {
    throw HttpError.badRequest(
      'The report did not arrive as a file: send it as multipart/form-data, the file in its "file" field',
    );
  }
  let rates: ImportRates = {};
  let fileStarted = false;
  let refusal: HttpError | undefined;
  const requestRead = new Promise<void>((resolve, reject) => {
    parts.on("close", resolve);
    parts.on("error", () => reject(HttpError.badRequest("The upload was cut short or malformed")));
  });
  requestRead.catch(() => undefined);
  const fileArrived = new Promise<{ file: Readable; name: string } | undefined>((resolve) => {
    parts.on("file", (field, file, info) => {
      if (field !== "file" || fileStarted || refusal) {
        file.resume();
        return;
      }
      fileStarted = true;
      resolve({ file, name: info.filename ?? "" });
    });
    requestRead.then(
      () => resolve(undefined),
      () => resolve(undefined),
    );
  });
  parts.on("field", (field, value) => {
    if (field !== "rates") return;
    if (fileStarted) {
      refusal ??= HttpError.badRequest("Send the rates before the file", { rates: ["Send the rates before the file"] });
      return;
    }
    try {
      rates = readRates(value);
    } catch (error) {
      refusal ??= error as HttpError;
    }
  });
  req.pipe(parts);
  try {
    const arrived = await fileArrived;
    if (refusal) throw refusal;
    if (!arrived) {
      await requestRead;
      throw HttpError.badRequest("Choose a report file to import", { file: ["Choose a report file"] });
    }
    const length = Number(req.headers["content-length"]);
    return await importFile({
      file: arrived.file,
      name: arrived.name,
      rates: () => rates,
      bytesTotal: Number.isFinite(length) && length > 0 ? length : null,
      requestRead: async () => {
        await requestRead;
        if (refusal) throw refusal;
      },
    });
  } catch (error) {
    await discardRest(req, parts);
    throw error;
  }
}
