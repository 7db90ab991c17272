import QRCode from "qrcode";

/** The drawing calls a QR code needs; a PDFKit document has them. */
export interface VectorCanvas {
  rect(x: number, y: number, width: number, height: number): this;
  fill(color?: string): this;
  save(): this;
  restore(): this;
}

/** Same error correction as the e-mail's and My Tickets' codes, and a one-module quiet zone. */
const QR_ERROR_CORRECTION = "M";
const QUIET_MODULES = 1;

/**
 * Draws the QR code of `text` as filled squares, `size` points wide at (x, y). Vector shapes
 * instead of an embedded PNG: sharp at any zoom and printer, and no image to encode and decode
 * for every ticket the outbox renders. Dark modules in a row are drawn as one rectangle.
 */
export function drawQrCode(canvas: VectorCanvas, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const cell = size / (modules.size + 2 * QUIET_MODULES);
  canvas.save();
  canvas.rect(x, y, size, size).fill("#ffffff");
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        canvas.rect(x + (start + QUIET_MODULES) * cell, y + (row + QUIET_MODULES) * cell, (col - start) * cell, cell);
        start = -1;
      }
    }
  }
  canvas.fill("#000000");
  canvas.restore();
}
