import QRCode from "qrcode";
import { useEffect, useState } from "react";

/**
 * A ticket's signed token (what the door scanner verifies) as a QR image, dark on white
 * whatever the theme; `label`, its alt text, names the code typed when a scan fails.
 */
export function ConfirmationQr({ token, label, className }: { token: string; label: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toString(token, { type: "svg", margin: 1, errorCorrectionLevel: "M" })
      .then((svg) => {
        if (!cancelled) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (!cancelled) setSrc(null);
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (!src) return <div aria-hidden="true" className={className} />;
  return <img src={src} alt={label} className={className} />;
}
