import type { BadgeProps } from "@/components/ui/badge";
import { StatusBadge } from "@/components/status-badge";

const VARIANTS: Record<string, BadgeProps["variant"]> = {
  paid: "default",
  pending: "secondary",
  failed: "destructive",
};

/** paymentStatus of a vendor booking or merchandise order: paid, pending or failed. */
export function PaymentStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} variant={VARIANTS[status] ?? "outline"} />;
}
