import type { BadgeProps } from "@/components/ui/badge";
import { StatusBadge } from "@/components/status-badge";

/** Ticket statuses: confirmed, used, cancelled, refunded (pending orders are not shown as tickets). */
export function ticketStatusVariant(status: string): BadgeProps["variant"] {
  if (status === "confirmed") return "default";
  if (status === "cancelled" || status === "refunded") return "destructive";
  if (status === "used") return "secondary";
  return "outline";
}

export function TicketStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} variant={ticketStatusVariant(status)} />;
}
