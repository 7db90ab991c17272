import { Badge } from "@/components/ui/badge";

const STATUS: Record<string, { label: string; variant: "default" | "secondary" | "destructive" | "outline" }> = {
  paid: { label: "Paid", variant: "default" },
  pending: { label: "Pending", variant: "secondary" },
  failed: { label: "Failed", variant: "destructive" },
};

/** paymentStatus of a vendor booking or merchandise order: paid, pending or failed. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const shown = STATUS[status] ?? { label: status, variant: "outline" as const };
  return <Badge variant={shown.variant}>{shown.label}</Badge>;
}
