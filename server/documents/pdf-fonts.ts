import fs from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as fontkit from "fontkit";
import { woffToSfnt } from "./woff";

/**
 * The fonts every PDF embeds (docs/decisions/022-documents-off-the-main-thread.md,
 * docs/decisions/039-pdf-fonts-for-every-name.md). PDF's standard fonts know only WinAnsi and
 * are not embedded, so "Zoë — ✓", "🎸" or "山田太郎" in a name a member typed came out as other
 * characters. DejaVu Sans covers Latin, Greek, Cyrillic and most symbols; what it lacks is
 * taken, run by run, from Noto Emoji (monochrome), Noto Sans Symbols 2 and then a subset of
 * Noto Sans CJK (Chinese, Japanese, Korean) committed beside this file. Codes are set in
 * DejaVu Sans Mono. Only the glyphs a document uses are embedded (pdfkit subsets each font).
 */
const FONT_FILES = {
  text: "@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff",
  "text-bold": "@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff",
  emoji: "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
  symbols: "@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff",
  cjk: "./fonts/NotoSansCJKsc-Subset-Regular.otf",
  "mono-bold": "@fontsource/dejavu-mono/files/dejavu-mono-latin-700-normal.woff",
} as const;
type FontName = keyof typeof FONT_FILES;
/** The faces tried, in order, for a character the text face lacks. */
const FALLBACKS: FontName[] = ["symbols", "emoji", "cjk"];

export type FontWeight = "regular" | "bold" | "mono-bold";

/** The face a weight's text is set in first. */
const MAIN_FACE: Record<FontWeight, FontName> = { regular: "text", bold: "text-bold", "mono-bold": "mono-bold" };

/** Joiners and variation selectors: a face that lacks them still draws the characters around them. */
const IGNORABLE = new Set([0x200d, 0xfe0e, 0xfe0f]);
const LINE_BREAK = /\r\n|\n|\r/;
/** Characters shown as emoji by default, or asked to be (U+FE0F): the emoji face comes first for them. */
const EMOJI_STYLE = /\p{Emoji_Presentation}|\u{FE0F}/u;

interface LoadedFont {
  data: Buffer;
  face: fontkit.Font;
}

let loaded: Record<FontName, LoadedFont> | undefined;

/**
 * Where a font file is: a package's file through Node's resolution, or one of this folder's
 * own (`./fonts/`), which the production build copies beside the bundle (scripts/build-server.mjs).
 */
function fontPath(file: string): string {
  if (file.startsWith("./")) return fileURLToPath(new URL(file, import.meta.url));
  return createRequire(import.meta.url).resolve(file);
}

/**
 * Read once per thread, turned into plain TrueType when they ship as WOFF: a few hundred kB
 * each, and 3.7 MB for the CJK subset.
 */
function fonts(): Record<FontName, LoadedFont> {
  if (loaded) return loaded;
  const entries = Object.entries(FONT_FILES).map(([name, file]) => {
    const raw = fs.readFileSync(fontPath(file));
    const data = file.endsWith(".woff") ? woffToSfnt(raw) : raw;
    return [name, { data, face: fontkit.create(data) as fontkit.Font }] as const;
  });
  loaded = Object.fromEntries(entries) as Record<FontName, LoadedFont>;
  return loaded;
}

const codePoints = (text: string) => Array.from(text, (char) => char.codePointAt(0)!);

function covers(face: fontkit.Font, cluster: string): boolean {
  return codePoints(cluster).every((point) => IGNORABLE.has(point) || face.hasGlyphForCodePoint(point));
}

/** The cluster as `face` can draw it: joiners and selectors it has no glyph for are left out. */
function drawable(face: fontkit.Font, cluster: string): string {
  return codePoints(cluster)
    .filter((point) => !IGNORABLE.has(point) || face.hasGlyphForCodePoint(point))
    .map((point) => String.fromCodePoint(point))
    .join("");
}

export interface FontRun {
  font: FontName;
  text: string;
}

/** The document's current font size (pdfkit keeps it in a field its types leave out). */
const fontSize = (doc: PDFKit.PDFDocument) => (doc as unknown as { _fontSize: number })._fontSize;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * `text` cut into runs, each in the first face that draws all of its characters: the face of
 * `weight`, then the symbol, emoji and CJK faces (emoji first for characters meant as emoji).
 * The CJK face has one weight: bold Chinese, Japanese or Korean prints in its regular weight.
 * A character no face has stays in the main face, which prints its "missing glyph" box.
 */
export function fontRuns(text: string, weight: FontWeight): FontRun[] {
  const all = fonts();
  const main = MAIN_FACE[weight];
  if (covers(all[main].face, text)) return text ? [{ font: main, text }] : [];
  const runs: FontRun[] = [];
  for (const { segment } of graphemes.segment(text)) {
    const order: FontName[] = EMOJI_STYLE.test(segment)
      ? ["emoji", main, ...FALLBACKS.filter((name) => name !== "emoji")]
      : [main, ...FALLBACKS];
    const font = order.find((name) => covers(all[name].face, segment)) ?? main;
    const piece = drawable(all[font].face, segment);
    const last = runs.at(-1);
    if (last?.font === font) last.text += piece;
    else runs.push({ font, text: piece });
  }
  return runs;
}

/**
 * Registers the fonts with a new document and answers its text writer: `write` takes the
 * arguments of `doc.text`, plus the weight, and sets the runs one after another
 * (`continued`), so wrapping and alignment treat each line as one paragraph.
 */
export function documentText(doc: PDFKit.PDFDocument) {
  for (const [name, font] of Object.entries(fonts())) doc.registerFont(name, font.data);
  return function write(
    text: string,
    weight: FontWeight,
    x?: number,
    y?: number,
    options: PDFKit.Mixins.TextOptions = {},
  ): void {
    const main = MAIN_FACE[weight];
    // pdfkit sets each run's baseline one ascent below the line's top, and the faces' ascents
    // differ (Noto Sans CJK's is a quarter em taller): every run takes the main face's.
    const { face } = fonts()[main];
    const baseline = -((face.ascent / face.unitsPerEm) * fontSize(doc));
    const all = fontRuns(text, weight);
    // pdfkit loses a line break that ends a run set `continued` ("李小龍\n🎸 Street" came out
    // on one line): text of several faces is set line by line, each line a paragraph.
    const lines =
      all.length > 1 && LINE_BREAK.test(text) ? text.split(LINE_BREAK).map((line) => fontRuns(line, weight)) : [all];
    lines.forEach((runs, line) => {
      const first = line === 0 && x !== undefined;
      if (runs.length === 0 && lines.length > 1) {
        if (first) [doc.x, doc.y] = [x, y ?? doc.y];
        doc.font(main).moveDown();
        return;
      }
      if (runs.length === 0) runs.push({ font: main, text: "" });
      runs.forEach((run, i) => {
        doc.font(run.font);
        const aligned = run.font === main || options.baseline !== undefined ? {} : { baseline };
        const more = { ...options, ...aligned, continued: i < runs.length - 1 };
        if (first && i === 0) doc.text(run.text, x, y, more);
        else doc.text(run.text, more);
      });
    });
  };
}

export type DocumentText = ReturnType<typeof documentText>;

/**
 * How wide `text` is set on one line at the document's current size, each run measured in its
 * own face (a layout that must not wrap, such as a SKU, sizes itself by this). Leaves the
 * document in the last run's face: `write` sets the face again for every run.
 */
export function textWidth(
  doc: PDFKit.PDFDocument,
  text: string,
  weight: FontWeight,
  options: PDFKit.Mixins.TextOptions = {},
): number {
  return fontRuns(text, weight).reduce((sum, run) => sum + doc.font(run.font).widthOfString(run.text, options), 0);
}
