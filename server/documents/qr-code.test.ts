import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { drawQrCode, type VectorCanvas } from "./qr-code";

/** A test stand-in canvas that records the dark rectangles, as PDFKit would draw them. */
function recordingCanvas() {
  const rects: number[][] = [];
  let pending: number[][] = [];
  const canvas: VectorCanvas = {
    rect(x, y, w, h) {
      pending.push([x, y, w, h]);
      return this;
    },
    fill(color) {
      if (color === "#000000") rects.push(...pending);
      pending = [];
      return this;
    },
    save() {
      return this;
    },
    restore() {
      return this;
    },
  };
  return { canvas, rects };
}

describe("drawQrCode", () => {
  it("draws exactly the dark modules of the text's QR code, inside a one-module quiet zone", () => {
    const text = "3f1b8c2e-5d7a-4e0b-9c1d-2a3b4c5d6e7f.s1gn4tur3";
    const { canvas, rects } = recordingCanvas();
    drawQrCode(canvas, text, 10, 20, 150);

    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
    const cell = 150 / (modules.size + 2);
    const drawn = Array.from({ length: modules.size }, () => Array(modules.size).fill(false));
    for (const [x, y, w, h] of rects) {
      expect(h).toBeCloseTo(cell);
      const row = Math.round((y - 20) / cell) - 1;
      const first = Math.round((x - 10) / cell) - 1;
      for (let col = first; col < first + Math.round(w / cell); col++) drawn[row][col] = true;
    }
    const expected = Array.from({ length: modules.size }, (_, row) =>
      Array.from({ length: modules.size }, (_, col) => Boolean(modules.get(row, col))),
    );
    expect(drawn).toEqual(expected);
  });
});
