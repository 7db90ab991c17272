import fs from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { woffToSfnt } from "./woff";

/**
 * The fonts every PDF embeds (docs/decisions/022-documents-off-the-main-thread.md). PDF's
 * standard Helvetica knows only WinAnsi, so "Zoë — ✓" or "🎸" in a name a member typed came
 * out as other characters. DejaVu Sans covers Latin, Greek, Cyrillic and most symbols; what it
 * lacks is taken, run by run, from Noto Emoji (monochrome) and then Noto Sans Symbols 2. Only
 * the glyphs a document uses are embedded (pdfkit subsets each font).
 */
const FONT_FILES = {
  text: "@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff",
  "text-bold": "@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff",
  emoji: "@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
  symbols: "@fontsource/noto-sans-symbols-2/files/noto-sans-symbols-2-symbols-400-normal.woff",
} as const;
type FontName = keyof typeof FONT_FILES;

export type FontWeight = "regular" | "bold";

/** Joiners and variation selectors: a face that lacks them still draws the characters around them. */
const IGNORABLE = new Set([0x200d, 0xfe0e, 0xfe0f]);
/** Characters shown as emoji by default, or asked to be (U+FE0F): the emoji face comes first for them. */
const EMOJI_STYLE = /\p{Emoji_Presentation}|\u{FE0F}/u;

interface LoadedFont {
  data: Buffer;
  face: fontkit.Font;
}

let loaded: Record<FontName, LoadedFont> | undefined;

/** Read once per thread: a few hundred kB each, turned into plain TrueType when they ship as WOFF. */
function fonts(): Record<FontName, LoadedFont> {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const entries = Object.entries(FONT_FILES).map(([name, file]) => {
    const raw = fs.readFileSync(require.resolve(file));
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

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * `text` cut into runs, each in the first face that draws all of its characters: the text face
 * of `weight`, then the symbol and emoji faces (emoji first for characters meant as emoji).
 * A character no face has stays in the text face, which prints its "missing glyph" box.
 */
export function fontRuns(text: string, weight: FontWeight): FontRun[] {
  const all = fonts();
  const main: FontName = weight === "bold" ? "text-bold" : "text";
  if (covers(all[main].face, text)) return text ? [{ font: main, text }] : [];
  const runs: FontRun[] = [];
  for (const { segment } of graphemes.segment(text)) {
    const order: FontName[] = EMOJI_STYLE.test(segment) ? ["emoji", main, "symbols"] : [main, "symbols", "emoji"];
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
 * (`continued`), so wrapping and alignment treat them as one paragraph.
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
    const runs = fontRuns(text, weight);
    if (runs.length === 0) runs.push({ font: weight === "bold" ? "text-bold" : "text", text: "" });
    runs.forEach((run, i) => {
      doc.font(run.font);
      const more = { ...options, continued: i < runs.length - 1 };
      if (i === 0 && x !== undefined) doc.text(run.text, x, y, more);
      else doc.text(run.text, more);
    });
  };
}

export type DocumentText = ReturnType<typeof documentText>;
