import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createContentHash } from "./content-hash";

/** The content hash of `text` sent in chunks of `size` bytes (cutting CRLFs and the BOM apart). */
function hashOf(text: string | Buffer, size: number) {
  const bytes = Buffer.from(text);
  const hash = createContentHash();
  for (let i = 0; i < bytes.length; i += size) hash.update(bytes.subarray(i, i + size));
  return hash.digest();
}
const sha = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

describe("the duplicate check's content hash", () => {
  const lf = "Header\tA\nline 1\tx\n\nline 3\ty\n";

  it("is the bytes' own hash for a file with LF lines and one final newline", () => {
    for (const size of [1, 2, 3, 5, 64]) expect(hashOf(lf, size)).toBe(sha(lf));
  });

  it("reads CRLF as LF, and drops a BOM and the line ends at the end, however the chunks fall", () => {
    const shapes = [
      lf.replaceAll("\n", "\r\n"),
      `${lf}\n\n\n`,
      `${lf}\r\n\r\n`,
      lf.slice(0, -1),
      `\uFEFF${lf}`,
      `\uFEFF${lf.replaceAll("\n", "\r\n")}\r\n`,
    ];
    for (const shape of shapes) for (const size of [1, 2, 3, 4, 7, 1000]) expect(hashOf(shape, size)).toBe(sha(lf));
  });

  it("keeps what is content: blank lines inside, a lone carriage return, a BOM past the start", () => {
    for (const other of [
      "Header\tA\nline 1\tx\nline 3\ty\n",
      "Header\tA\nline 1\r\tx\n\nline 3\ty\n",
      `x\uFEFF${lf}`,
    ]) {
      for (const size of [1, 3, 1000]) expect(hashOf(other, size)).not.toBe(sha(lf));
    }
    expect(hashOf("a\r\r\nb", 1)).toBe(sha("a\r\nb\n"));
    expect(hashOf("", 1)).toBe(sha(""));
  });
});
