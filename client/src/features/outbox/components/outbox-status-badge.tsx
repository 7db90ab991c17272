import type { OutboxStatus } from "@shared/outbox";
import { Badge } from "@/components/ui/badge";

const STATUS: Record<OutboxStatus, { label: string; variant: "default" | "secondary" | "destructive" | "outline" }> = {
  queued: { label: "Queued", variant: "secondary" },
  sending: { label: "Sending", variant: "outline" },
  sent: { label: "Sent", variant: "default" },
  failed: { label: "Failed", variant: "destructive" },
};

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const shown = STATUS[status] ?? { label: status, variant: "outline" as const };
  return <Badge variant={shown.variant}>{shown.label}</Badge>;
}
