import type PDFDocument from "pdfkit";

/** Ends the document and resolves with its bytes. */
export function pdfToBuffer(doc: PDFKit.PDFDocument | InstanceType<typeof PDFDocument>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}
