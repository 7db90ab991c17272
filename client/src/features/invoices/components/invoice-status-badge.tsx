import { Badge, type BadgeProps } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** SPEC.md §4: paid default, sent secondary, overdue destructive, anything else outline. */
export function invoiceStatusVariant(status: string): BadgeProps["variant"] {
  if (status === "paid") return "default";
  if (status === "sent") return "secondary";
  if (status === "overdue") return "destructive";
  return "outline";
}

export function InvoiceStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge variant={invoiceStatusVariant(status)} className={cn("capitalize", className)}>
      {status}
    </Badge>
  );
}
