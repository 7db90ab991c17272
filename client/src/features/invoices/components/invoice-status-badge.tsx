import type { BadgeProps } from "@/components/ui/badge";
import { StatusBadge } from "@/components/status-badge";

/** Badge colours: paid default, sent secondary, overdue destructive, anything else outline. */
export function invoiceStatusVariant(status: string): BadgeProps["variant"] {
  if (status === "paid") return "default";
  if (status === "sent") return "secondary";
  if (status === "overdue") return "destructive";
  return "outline";
}

export function InvoiceStatusBadge({ status, className }: { status: string; className?: string }) {
  return <StatusBadge status={status} variant={invoiceStatusVariant(status)} className={className} />;
}
