import type { Readable } from "node:stream";
import { isLogoContentType, LOGO_MAX_BYTES, uploadIdFromObjectPath } from "@shared/object-uploads";
import { documentLogoKey, uploadKey, type ObjectStorage } from "../integrations/object-storage";
import { scaleForDocuments } from "../lib/images";

async function readAll(body: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > LOGO_MAX_BYTES) {
      body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The storage could not be read just now; the logo may well be there (a document then goes without it, unkept). */
export class LogoUnavailableError extends Error {}

/**
 * The label's logo for a document: a copy of the upload at most 600 px on each side, made once
 * per logo (by sharp, off the event loop) and kept in object storage beside it, so no document
 * decodes a full-size image (docs/decisions/022-documents-off-the-main-thread.md). Only an
 * upload the app itself stored is used; anything else (an outside address, a missing or
 * unreadable object, an image over the pixel limit) is skipped, and the document shows the
 * label's name alone; a storage that fails to answer throws LogoUnavailableError.
 */
export function createLabelLogoReader(storage: ObjectStorage) {
  async function keptCopy(id: string): Promise<Buffer | null> {
    const kept = await storage.read(documentLogoKey(id));
    return kept ? readAll(kept.body) : null;
  }

  async function makeCopy(id: string): Promise<Buffer | null> {
    const original = await storage.read(uploadKey(id));
    if (!original) return null;
    if (!isLogoContentType(original.contentType)) {
      original.body.destroy();
      return null;
    }
    const bytes = await readAll(original.body);
    const scaled = bytes && (await scaleForDocuments(bytes));
    if (!scaled) return null;
    await storage.put(documentLogoKey(id), scaled.data, scaled.contentType);
    return scaled.data;
  }

  return async (logoPath: string | null | undefined): Promise<Buffer | null> => {
    const id = logoPath ? uploadIdFromObjectPath(logoPath) : null;
    if (!id) return null;
    try {
      return (await keptCopy(id)) ?? (await makeCopy(id));
    } catch (error) {
      throw new LogoUnavailableError("the logo could not be read", { cause: error });
    }
  };
}

export type LabelLogoReader = ReturnType<typeof createLabelLogoReader>;
