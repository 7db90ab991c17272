import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** The confirmation code as a QR image for the door scanner; dark on white whatever the theme. */
export function ConfirmationQr({ code, className }: { code: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toString(code, { type: "svg", margin: 1, errorCorrectionLevel: "M" })
      .then((svg) => {
        if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (!cancelled) setSrc(null);
      });
    return () => {
      cancelled = true;
    };
  }, [code]);

  if (!src) return <div aria-hidden="true" className={className} />;
  return <img src={src} alt={`QR code for confirmation code ${code}`} className={className} />;
}
