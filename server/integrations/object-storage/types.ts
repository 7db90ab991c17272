import type { Readable } from "node:stream";
import type { UploadTokenCheck } from "./upload-token";

export interface ObjectInfo {
  contentType: string;
  size: number;
}

/** Bytes `start` to `end`, both included, as an HTTP Range names them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
}

/** The one small interface both drivers implement (docs/decisions/010-object-uploads.md). */
interface BaseObjectStorage {
  /** The address the browser PUTs the file to; it stops working at `expiresAt`. */
  createUploadUrl(key: string, options: { expiresAt: Date; contentType?: string }): Promise<string>;
  /** Content type and size of a stored object, or null when nothing was uploaded yet. */
  stat(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or only those from `range.start` to `range.end` inclusive (audio seeking). */
  read(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Deletes the object; nothing happens when there is none (never uploaded or already gone). */
  remove(key: string): Promise<void>;
  /**
   * Stores a file the app made itself (a logo scaled for documents). Made the same way from the
   * same upload, a copy written twice at once is the same file either way.
   */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
}

export interface WriteOptions {
  contentType: string;
  maxBytes: number;
  /** Sees the first bytes before the object is committed; throwing aborts the write. */
  checkHead?: (head: Buffer) => void;
  /** Reads the whole file, written but not yet committed; throwing aborts the write. */
  checkStored?: (file: string) => Promise<void>;
}

/** The local driver also receives the uploads itself (the PUT of its signed app URL). */
export interface LocalObjectStorage extends BaseObjectStorage {
  readonly driver: "local";
  /** Checks the query of an address made by createUploadUrl for the upload `id`. */
  checkUploadUrl(id: string, query: UploadUrlQuery, nowSeconds?: number): UploadTokenCheck;
  write(key: string, source: Readable, options: WriteOptions): Promise<ObjectInfo>;
}

/** GCS: the browser uploads to the bucket itself; the app only issues and reads. */
export interface GcsObjectStorage extends BaseObjectStorage {
  readonly driver: "gcs";
}

export type ObjectStorage = LocalObjectStorage | GcsObjectStorage;

export class ObjectTooLargeError extends Error {
  constructor() {
    super("object too large");
  }
}

export class ObjectExistsError extends Error {
  constructor() {
    super("object already exists");
  }
}

export class EmptyObjectError extends Error {
  constructor() {
    super("empty object");
  }
}

/** Query parameters of a local upload address (all strings as they arrive). */
export interface UploadUrlQuery {
  expires?: unknown;
  type?: unknown;
  signature?: unknown;
}
