/**
 * CSV as spreadsheets read it (RFC 4180): CRLF line ends, and a cell with a comma, quote or
 * line break is quoted with its quotes doubled. A cell that starts with = + - @ (or a tab or
 * carriage return) would run as a formula when the file is opened in Excel or Sheets, so it
 * gets a leading apostrophe: text people typed (a name, an e-mail) stays text.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The header row, then one line per row. Starts with a byte-order mark so that Excel reads
 * the file as UTF-8 (names with accents), which other CSV readers skip.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
