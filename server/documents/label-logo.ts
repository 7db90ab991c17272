import type { Readable } from "node:stream";
import { uploadIdFromObjectPath } from "@shared/object-uploads";
import { uploadKey, type ObjectStorage } from "../integrations/object-storage";

/** Logos are at most 5 MB (the upload limit); PDFs can embed only PNG and JPEG. */
const MAX_LOGO_BYTES = 5 * 1024 * 1024;
const EMBEDDABLE = new Set(["image/png", "image/jpeg"]);

async function readAll(body: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_LOGO_BYTES) {
      body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The label's logo for a document: only an upload the app itself stored, as PNG or JPEG.
 * Anything else (an outside address, a WebP or GIF, a missing or unreadable object) is
 * skipped, and the document shows the label's name alone.
 */
export function createLabelLogoReader(storage: ObjectStorage) {
  return async (logoPath: string | null | undefined): Promise<Buffer | null> => {
    const id = logoPath ? uploadIdFromObjectPath(logoPath) : null;
    if (!id) return null;
    try {
      const object = await storage.read(uploadKey(id));
      if (!object) return null;
      if (!EMBEDDABLE.has(object.contentType)) {
        object.body.destroy();
        return null;
      }
      return await readAll(object.body);
    } catch {
      return null;
    }
  };
}

export type LabelLogoReader = ReturnType<typeof createLabelLogoReader>;
