import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { isObjectKey } from "./keys";
import { signUpload, verifyUpload } from "./upload-token";
import { uploadFilePath } from "@shared/object-uploads.api";
import {
  EmptyObjectError,
  ObjectExistsError,
  ObjectTooLargeError,
  type LocalObjectStorage,
  type ObjectInfo,
  type WriteOptions,
} from "./types";

const HEAD_BYTES = 16;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "ENOENT";
}

/**
 * Copies `source` into the open file, counting bytes as they stream so a body without (or
 * lying about) Content-Length still stops at `maxBytes`. The source is only paused, never
 * destroyed: the caller must still be able to answer 413 on the same connection.
 */
function copyLimited(source: Readable, target: fs.WriteStream, options: WriteOptions): Promise<number> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let head = Buffer.alloc(0);
    let headChecked = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      source.off("data", onData);
      // Wait for the temp file to close, so the caller's clean-up really removes it.
      if (target.closed) return reject(error);
      target.once("close", () => reject(error));
      target.destroy();
    };
    const checkHead = () => {
      headChecked = true;
      options.checkHead?.(head);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) return fail(new ObjectTooLargeError());
      if (!headChecked) {
        head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
        if (head.length >= HEAD_BYTES) {
          try {
            checkHead();
          } catch (error) {
            return fail(error);
          }
        }
      }
      if (!target.write(chunk)) {
        source.pause();
        target.once("drain", () => source.resume());
      }
    };
    source.on("data", onData);
    source.once("error", fail);
    source.once("close", () => {
      if (!source.readableEnded) fail(new Error("upload aborted"));
    });
    source.once("end", () => {
      if (settled) return;
      if (size === 0) return fail(new EmptyObjectError());
      try {
        if (!headChecked) checkHead();
      } catch (error) {
        return fail(error);
      }
      target.end();
    });
    target.once("error", fail);
    target.once("finish", () => {
      if (settled) return;
      settled = true;
      resolve(size);
    });
  });
}

/**
 * Files under DATA_DIR/objects. Each object is `<key>` plus `<key>.meta.json` (its content
 * type). The meta file is created exclusively first (it claims the key, so a key is written
 * once), then the data file appears by rename, so a reader never sees a half-written object.
 */
export function createLocalObjectStorage(options: {
  rootDir: string;
  appUrl: string;
  signingKey: Buffer;
}): LocalObjectStorage {
  const { rootDir, appUrl, signingKey } = options;

  function filePath(key: string): string {
    if (!isObjectKey(key)) throw new Error("invalid object key");
    return path.join(rootDir, key);
  }

  async function stat(key: string): Promise<ObjectInfo | null> {
    const file = filePath(key);
    try {
      const [info, meta] = await Promise.all([fsp.stat(file), fsp.readFile(`${file}.meta.json`, "utf8")]);
      return { contentType: (JSON.parse(meta) as { contentType: string }).contentType, size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function write(key: string, source: Readable, writeOptions: WriteOptions): Promise<ObjectInfo> {
    const file = filePath(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(path.dirname(file), `.tmp-${crypto.randomUUID()}`);
    let claimed = false;
    try {
      const size = await copyLimited(source, fs.createWriteStream(temp, { flags: "wx", mode: 0o600 }), writeOptions);
      await writeOptions.checkStored?.(temp);
      try {
        await fsp.writeFile(`${file}.meta.json`, JSON.stringify({ contentType: writeOptions.contentType }), {
          flag: "wx",
          mode: 0o600,
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new ObjectExistsError();
        throw error;
      }
      claimed = true;
      await fsp.rename(temp, file);
      return { contentType: writeOptions.contentType, size };
    } catch (error) {
      await fsp.rm(temp, { force: true });
      if (claimed) await fsp.rm(`${file}.meta.json`, { force: true });
      throw error;
    }
  }

  return {
    driver: "local",

    async createUploadUrl(key, { expiresAt, contentType }) {
      const id = key.slice("uploads/".length);
      filePath(key);
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({ expires: String(expires) });
      if (contentType) query.set("type", contentType);
      query.set("signature", signUpload(signingKey, { id, expires, contentType }));
      return `${appUrl}${uploadFilePath(id)}?${query}`;
    },

    checkUploadUrl(id, query, nowSeconds) {
      const { expires, type, signature } = query;
      if (typeof expires !== "string" || !/^\d{1,12}$/.test(expires) || typeof signature !== "string") return "invalid";
      if (type !== undefined && typeof type !== "string") return "invalid";
      return verifyUpload(
        signingKey,
        { id, expires: Number(expires), contentType: type || undefined },
        signature,
        nowSeconds,
      );
    },

    stat,

    async read(key, range) {
      const info = await stat(key);
      if (!info) return null;
      return { ...info, body: fs.createReadStream(filePath(key), range) };
    },

    async remove(key) {
      const file = filePath(key);
      // The data file first: once it is gone the object is no longer served (stat needs both).
      await fsp.rm(file, { force: true });
      await fsp.rm(`${file}.meta.json`, { force: true });
    },

    async put(key, data, contentType) {
      try {
        await write(key, Readable.from([data]), { contentType, maxBytes: data.length });
      } catch (error) {
        if (!(error instanceof ObjectExistsError)) throw error;
      }
    },

    write,
  };
}
