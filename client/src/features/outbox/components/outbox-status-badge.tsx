import type { OutboxStatus } from "@shared/outbox";
import { StatusBadge } from "@/components/status-badge";

const VARIANT: Record<OutboxStatus, "default" | "secondary" | "destructive" | "outline"> = {
  queued: "secondary",
  sending: "outline",
  sent: "default",
  failed: "destructive",
};

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return <StatusBadge status={status} variant={VARIANT[status] ?? "outline"} />;
}
