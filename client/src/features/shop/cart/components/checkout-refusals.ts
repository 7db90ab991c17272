import { ApiError } from "@/lib/api-request";
import { showFieldErrors, type FieldErrorsTarget } from "@/lib/form-errors";
import { cart, type CartLine } from "../cart-store";
import { downloadKey, type DownloadLine } from "../download-lines";

/** A line the server refused: its words ("Only 2 left") and the quantity they answered. */
export interface LineRefusal {
  message: string;
  quantity: number;
}

/** A download the server refused ("The minimum for this release is $5.00") at the price it was sent with. */
export interface DownloadRefusal {
  message: string;
  price: string;
}

/**
 * A 409 that names cart lines ("items.1.quantity": "Only 2 left"): each refusal by its line's
 * variant, with the stock it answered kept on the line. Null when the answer names no line.
 */
export function lineRefusals(error: unknown, lines: readonly CartLine[]): Map<string, LineRefusal> | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.fieldErrors) return null;
  const refusals = new Map<string, LineRefusal>();
  for (const [name, [message]] of Object.entries(error.fieldErrors)) {
    const line = lines[Number(/^items\.(\d+)\.quantity$/.exec(name)?.[1] ?? NaN)];
    if (!line || !message) continue;
    refusals.set(line.variantId, { message, quantity: line.quantity });
    const left = /Only (\d+) left/.exec(message)?.[1];
    if (left !== undefined) cart.setStock(line.variantId, Number(left));
  }
  return refusals.size > 0 ? refusals : null;
}

/**
 * The server's field errors on downloads ("digital.0.amount"), read through the one field-error
 * helper: each by the key of the download at that place in the lines `sent`. Null when the
 * answer names no download.
 */
export function downloadRefusals(error: unknown, sent: readonly DownloadLine[]): Map<string, DownloadRefusal> | null {
  const refusals = new Map<string, DownloadRefusal>();
  // The downloads are no form's fields: each message the helper would set lands on its line.
  const lines: FieldErrorsTarget<{ digital: DownloadLine[] }> = {
    getValues: (() => ({ digital: sent })) as FieldErrorsTarget<{ digital: DownloadLine[] }>["getValues"],
    setError: (name, { message }) => {
      const line = sent[Number(/^digital\.(\d+)(\.|$)/.exec(name)?.[1] ?? NaN)];
      if (line && message && !refusals.has(downloadKey(line)))
        refusals.set(downloadKey(line), { message, price: line.price });
    },
  };
  showFieldErrors(lines, error, { fieldOf: (name) => (name.startsWith("digital.") ? name : undefined) });
  return refusals.size > 0 ? refusals : null;
}
