import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A PDF's text as poppler's pdftotext reads it (poppler-utils, which .ci/run installs): what a
 * reader's viewer copies out. `-layout` keeps each printed line on one line.
 */
export function pdfText(pdf: Buffer, ...flags: string[]): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-text-"));
  try {
    const file = path.join(folder, "document.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync("pdftotext", [...flags, "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The printed lines of a PDF, their runs of spaces made one: "Payable now $250.00". */
export function pdfLines(pdf: Buffer): string[] {
  return pdfText(pdf, "-layout")
    .split("\n")
    .map((line) => line.trim().replace(/\s{2,}/g, "  "))
    .filter(Boolean);
}
