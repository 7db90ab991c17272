import type { BadgeProps } from "@/components/ui/badge";
import { StatusBadge } from "@/components/status-badge";

/** Badge colours: on-sale default, sold-out destructive, upcoming secondary, anything else outline. */
export function eventStatusVariant(status: string): BadgeProps["variant"] {
  if (status === "on-sale") return "default";
  if (status === "sold-out") return "destructive";
  if (status === "upcoming") return "secondary";
  return "outline";
}

export function EventStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} variant={eventStatusVariant(status)} />;
}
