/**
 * Letters with marks lose them ("Sigur Rós" → "Sigur Ros"): NFKD splits "ó" into "o" and a
 * combining mark, and the mark goes. Letters that are not a base letter plus a mark have no
 * decomposition and are spelt out as their languages do.
 */
const SPELT_OUT: Record<string, string> = {
  ø: "o",
  Ø: "O",
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  å: "a",
  Å: "A",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "TH",
  ł: "l",
  Ł: "L",
  ı: "i",
  ħ: "h",
  Ħ: "H",
};
const SPELT_OUT_PATTERN = new RegExp(`[${Object.keys(SPELT_OUT).join("")}]`, "g");

/** "Sigur Rós Ægir Straße" → "Sigur Ros AEgir Strasse": Latin letters without marks, case kept. */
export function transliterate(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(SPELT_OUT_PATTERN, (letter) => SPELT_OUT[letter]);
}

/**
 * Letters and digits joined by single dashes, at most `max` characters, with no dash at either
 * end: "Sigur Rós — Live!" → "sigur-ros-live". Empty when nothing is left (a name in another
 * script); callers give their own fallback.
 */
export function slugify(text: string, max = 60): string {
  return transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
}
