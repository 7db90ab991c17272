/** Reads a QR code from the current frame of a playing video; null when it shows none. */
export interface QrDecoder {
  decode(video: HTMLVideoElement): Promise<string | null>;
  close(): void;
}

interface NativeBarcodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeBarcodeDetectorClass {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<NativeBarcodeDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const formats = await Detector.getSupportedFormats().catch((): string[] => []);
  return formats.includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : null;
}

/**
 * The browser's own BarcodeDetector where it reads QR codes (Chrome on Android, Safari);
 * elsewhere the qr-scanner library, loaded only now, so no other page downloads it.
 */
export async function createQrDecoder(): Promise<QrDecoder> {
  const native = await nativeDetector();
  if (native) {
    return { decode: async (video) => (await native.detect(video))[0]?.rawValue ?? null, close: () => undefined };
  }
  const { default: QrScanner } = await import("qr-scanner");
  const engine = await QrScanner.createQrEngine();
  const canvas = document.createElement("canvas");
  return {
    async decode(video) {
      try {
        return (
          (await QrScanner.scanImage(video, { qrEngine: engine, canvas, returnDetailedScanResult: true })).data || null
        );
      } catch {
        return null; // this frame holds no readable code
      }
    },
    close: () => {
      if (engine instanceof Worker) engine.terminate();
    },
  };
}
