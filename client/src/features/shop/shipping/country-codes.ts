import { countryName } from "@shared/shipping";

/** Names people type for a country that its English name does not cover. */
const ALIASES: Record<string, string> = { USA: "US", UK: "GB", ENGLAND: "GB", "GREAT BRITAIN": "GB", AMERICA: "US" };

let byName: Map<string, string> | null = null;

/** Every ISO code the browser can name ("Germany" → "DE"), read once from Intl.DisplayNames. */
function codesByName(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(ALIASES));
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const first of letters) {
    for (const second of letters) {
      const name = countryName(first + second);
      if (name) byName.set(name.toUpperCase(), first + second);
    }
  }
  return byName;
}

/** The code of a country typed by name ("USA", "Germany"), or undefined. */
export function codeForName(typed: string): string | undefined {
  const text = typed.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(text) ? undefined : codesByName().get(text);
}

/**
 * What the admin typed as countries, in pieces: split at commas, and at spaces unless the piece
 * is a country's name ("United States").
 */
export function countryPieces(text: string): string[] {
  return text
    .split(/[,;\n]+/)
    .map((piece) => piece.trim())
    .filter(Boolean)
    .flatMap((piece) => (codeForName(piece) ? [piece] : piece.split(/\s+/)));
}

/** "USA isn't a country code — use US" for the first country typed as a name, else null. */
export function countryNameHint(text: string): string | null {
  for (const piece of countryPieces(text)) {
    const code = codeForName(piece);
    if (code) return `${piece} isn't a country code — use ${code}`;
  }
  return null;
}

/** The typed countries with this code added at the end, unless it is there already. */
export function withCountry(text: string, code: string): string {
  const pieces = countryPieces(text);
  if (pieces.some((piece) => piece.toUpperCase() === code)) return text;
  return [...pieces, code].join(", ");
}
