import zlib from "node:zlib";

interface PdfObject {
  dictionary: string;
  /** The stream's bytes, inflated where Flate-compressed; null for an object without one. */
  stream: Buffer | null;
}

/** Every numbered object of a PDF written by pdfkit (one revision, no object streams). */
function objects(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString("latin1");
  const found = new Map<number, PdfObject>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*(<<[^]*?>>)\s*(stream\r?\n)?/g)) {
    let stream: Buffer | null = null;
    if (match[3]) {
      const start = match.index! + match[0].length;
      const raw = pdf.subarray(start, source.indexOf("endstream", start));
      try {
        stream = /\/FlateDecode/.test(match[2]) ? zlib.inflateSync(raw) : raw;
      } catch {
        // An image or font stream that is not a whole zlib stream: no text in it.
      }
    }
    found.set(Number(match[1]), { dictionary: match[2], stream });
  }
  return found;
}

const hexText = (hex: string) => Buffer.from(hex.replace(/\s+/g, ""), "hex").swap16().toString("utf16le");

/** A ToUnicode CMap as pdfkit writes it: ranges of glyph ids, each with its array of texts. */
function toUnicode(cmap: string): Map<number, string> {
  const glyphs = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    const first = parseInt(range[1], 16);
    [...range[3].matchAll(/<([0-9a-f\s]*)>/gi)].forEach((text, i) => glyphs.set(first + i, hexText(text[1])));
  }
  return glyphs;
}

/** How each font resource name ("F2") turns shown bytes into text. */
function fontDecoders(all: Map<number, PdfObject>): Map<string, (hex: string) => string> {
  const decoders = new Map<string, (hex: string) => string>();
  for (const { dictionary } of all.values()) {
    const fonts = /\/Font\s*<<([^>]*)>>/.exec(dictionary);
    for (const entry of fonts?.[1].matchAll(/\/(\w+)\s+(\d+) 0 R/g) ?? []) {
      const font = all.get(Number(entry[2]))?.dictionary ?? "";
      const cmapRef = /\/ToUnicode\s+(\d+) 0 R/.exec(font);
      const cmap = cmapRef ? all.get(Number(cmapRef[1]))?.stream : null;
      if (cmap) {
        // An embedded font (Identity-H): two bytes per glyph id.
        const glyphs = toUnicode(cmap.toString("latin1"));
        decoders.set(entry[1], (hex) =>
          (hex.match(/.{4}/g) ?? []).map((id) => glyphs.get(parseInt(id, 16)) ?? "\uFFFD").join(""),
        );
      } else {
        // A standard font: one WinAnsi byte per character (Latin-1 for what tests check).
        decoders.set(entry[1], (hex) => Buffer.from(hex, "hex").toString("latin1"));
      }
    }
  }
  return decoders;
}

/**
 * The text of a PDF written by pdfkit, one line per line of the page. Each shown string is an
 * array of hex runs (`[<48656c> 20 <6c6f>] TJ`) in the font set before it (`/F2 12 Tf`),
 * decoded through that font's ToUnicode map when it is embedded. Runs set one after another on
 * the same baseline (a name whose emoji comes from a fallback font) make one line. Enough to
 * check what a document says without a PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const all = objects(pdf);
  const decoders = fontDecoders(all);
  const lines: string[] = [];
  for (const { dictionary, stream } of all.values()) {
    if (!stream || /\/(Subtype|Type)\s*\/(Image|XObject|FontFile|Metadata)|\/Length1/.test(dictionary)) continue;
    let font = "";
    let baseline = Number.NaN;
    const content = stream.toString("latin1");
    const operators = /[-\d.]+\s+([-\d.]+)\s+Tm|\/(\w+)\s+[-\d.]+\s+Tf|\[((?:<[0-9a-f]*>|[-\d.\s])*)\]\s*TJ/gi;
    for (const op of content.matchAll(operators)) {
      if (op[1] !== undefined) {
        // Faces differ in ascent, so runs of one line sit a fraction of a point apart.
        if (!(Math.abs(Number(op[1]) - baseline) < 2)) lines.push("");
        baseline = Number(op[1]);
      } else if (op[2] !== undefined) font = op[2];
      else {
        const decode = decoders.get(font) ?? ((hex: string) => Buffer.from(hex, "hex").toString("latin1"));
        const text = [...op[3].matchAll(/<([0-9a-f]*)>/gi)].map((hex) => decode(hex[1])).join("");
        if (lines.length === 0) lines.push("");
        lines[lines.length - 1] += text;
      }
    }
  }
  return lines.filter((line) => line !== "").join("\n");
}

/** How many pages a PDF written by pdfkit has (its page objects, not the /Pages tree). */
export function pdfPageCount(pdf: Buffer): number {
  return [...objects(pdf).values()].filter(({ dictionary }) => /\/Type\s*\/Page(?![a-z])/.test(dictionary)).length;
}
