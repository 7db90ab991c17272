import { Badge, type BadgeProps } from "@/components/ui/badge";

/** A stored status as people read it: "on-sale" → "On sale", "sold-out" → "Sold out", "paid" → "Paid". */
export function statusLabel(status: string): string {
  const words = status.trim().replace(/[-_\s]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The one status badge of the app (events, invoices, tickets, payments): the same shape and
 * a readable label everywhere; each feature only chooses the colour for its statuses.
 */
export function StatusBadge({
  status,
  variant,
  className,
}: {
  status: string;
  variant: BadgeProps["variant"];
  className?: string;
}) {
  return (
    <Badge variant={variant} data-status={status} className={className}>
      {statusLabel(status)}
    </Badge>
  );
}
