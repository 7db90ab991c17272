import type { LogoContentType } from "@shared/object-uploads";

/**
 * The image type the first bytes of a file declare, or null. An upload must be what its
 * Content-Type says, so the app never stores (and later serves) something else under an
 * image type.
 */
export function sniffImageType(head: Buffer): LogoContentType | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  const ascii = head.toString("latin1");
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a")) return "image/gif";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "image/webp";
  return null;
}
