import { Badge, type BadgeProps } from "@/components/ui/badge";

/** Ticket statuses (SPEC.md §4): confirmed, used, cancelled. */
export function ticketStatusVariant(status: string): BadgeProps["variant"] {
  if (status === "confirmed") return "default";
  if (status === "cancelled") return "destructive";
  if (status === "used") return "secondary";
  return "outline";
}

export function TicketStatusBadge({ status }: { status: string }) {
  return <Badge variant={ticketStatusVariant(status)}>{status}</Badge>;
}
