import sharp from "sharp";
import { IMAGE_MAX_SIDE_PX, type LogoContentType } from "@shared/object-uploads";

const CONTENT_TYPES: Record<string, LogoContentType> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

export interface ImageInfo {
  contentType: LogoContentType;
  width: number;
  height: number;
}

/**
 * What an image file declares in its header, read by sharp (libvips) without decoding a pixel:
 * its type and the size of its first frame. Null for anything that is not a PNG, JPEG, GIF or
 * WebP sharp can open. Runs on libuv's thread pool, not on the event loop.
 */
export async function readImageInfo(input: Buffer | string): Promise<ImageInfo | null> {
  try {
    const meta = await sharp(input).metadata();
    const contentType = CONTENT_TYPES[meta.format ?? ""];
    const height = meta.pageHeight ?? meta.height;
    if (!contentType || !meta.width || !height) return null;
    return { contentType, width: meta.width, height };
  } catch {
    return null;
  }
}

export function isWithinImageLimit(image: Pick<ImageInfo, "width" | "height">): boolean {
  return image.width <= IMAGE_MAX_SIDE_PX && image.height <= IMAGE_MAX_SIDE_PX;
}

/** How wide a logo is kept for documents: far more than the 48 points a PDF prints it at. */
export const DOCUMENT_LOGO_MAX_PX = 600;

/**
 * The copy of a logo that documents embed: at most DOCUMENT_LOGO_MAX_PX on each side, a JPEG
 * kept as JPEG and anything else (PNG, GIF, WebP: the first frame) as PNG, which PDFs can
 * embed. Null when the image is over the upload limit or cannot be decoded; sharp's own pixel
 * limit stops a file whose header lied.
 */
export async function scaleForDocuments(
  input: Buffer,
): Promise<{ data: Buffer; contentType: "image/png" | "image/jpeg" } | null> {
  const info = await readImageInfo(input);
  if (!info || !isWithinImageLimit(info)) return null;
  try {
    const image = sharp(input, { limitInputPixels: IMAGE_MAX_SIDE_PX * IMAGE_MAX_SIDE_PX, pages: 1 })
      .rotate()
      .resize({ width: DOCUMENT_LOGO_MAX_PX, height: DOCUMENT_LOGO_MAX_PX, fit: "inside", withoutEnlargement: true });
    return info.contentType === "image/jpeg"
      ? { data: await image.jpeg({ quality: 85 }).toBuffer(), contentType: "image/jpeg" }
      : { data: await image.png({ compressionLevel: 9 }).toBuffer(), contentType: "image/png" };
  } catch {
    return null;
  }
}
