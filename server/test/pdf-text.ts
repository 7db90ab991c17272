import zlib from "node:zlib";

/** Every content stream of a PDF, inflated where it is Flate-compressed. */
function streams(pdf: Buffer): string[] {
  const source = pdf.toString("latin1");
  const found: string[] = [];
  for (const match of source.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = source.indexOf("endstream", start);
    const raw = pdf.subarray(start, end);
    if (!/\/FlateDecode/.test(match[1])) found.push(raw.toString("latin1"));
    else {
      try {
        found.push(zlib.inflateSync(raw).toString("latin1"));
      } catch {
        // An image or font stream that is not a whole zlib stream: no text in it.
      }
    }
  }
  return found;
}

/**
 * The text of a PDF written by pdfkit with its standard fonts: each shown string is an array
 * of hex runs (`[<48656c> 20 <6c6f>] TJ`), one line per array. Enough to check what a
 * document says without a PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  return streams(pdf)
    .flatMap((content) =>
      [...content.matchAll(/\[((?:<[0-9a-f]*>|[-\d.\s])*)\]\s*TJ/gi)].map((match) =>
        [...match[1].matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1], "hex").toString("latin1")).join(""),
      ),
    )
    .join("\n");
}
