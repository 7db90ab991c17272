import { toast } from "@/hooks/use-toast";

/**
 * The demonstration pages send nothing to a server. A control that would need one
 * says so instead of pretending to work.
 */
export function previewToast(action: string) {
  toast({ title: "Preview only", description: `${action} isn't available yet — nothing was sent.` });
}

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Whole-dollar sample amounts as the screens show them: 2500 → "$2,500". */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}
