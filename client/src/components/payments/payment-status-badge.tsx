import type { BadgeProps } from "@/components/ui/badge";
import { StatusBadge } from "@/components/status-badge";

const VARIANTS: Record<string, BadgeProps["variant"]> = {
  paid: "default",
  pending: "secondary",
  failed: "destructive",
  // Ended without money kept: never paid, or given back.
  expired: "outline",
  cancelled: "outline",
  refunded: "outline",
};

/**
 * paymentStatus of a vendor booking (pending, paid, failed, expired, cancelled, refunded) or a
 * merchandise order (paid, pending, failed, refunded).
 */
export function PaymentStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} variant={VARIANTS[status] ?? "outline"} />;
}
