import { Info } from "lucide-react";
import type { OutboxStatusResponse } from "@shared/outbox";
import { formatAge } from "../format";

/** The queue at a glance, and a plain word when SMTP is not set up. */
export function OutboxSummary({ status }: { status: OutboxStatusResponse }) {
  return (
    <div className="grid gap-3">
      {!status.smtpConfigured && (
        <p className="flex items-start gap-2 rounded-lg border border-dashed bg-card p-4 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            SMTP is not configured, so messages are not sent: they wait here, and you can read each one. Set{" "}
            <code className="font-mono">SMTP_URL</code> and <code className="font-mono">MAIL_FROM</code> to deliver
            them.
          </span>
        </p>
      )}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Queued:</dt>
          <dd className="font-medium tabular-nums">{status.queued}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Failed:</dt>
          <dd className={status.failed > 0 ? "font-medium text-destructive tabular-nums" : "font-medium tabular-nums"}>
            {status.failed}
          </dd>
        </div>
        {status.oldestQueuedSeconds !== null && (
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Oldest queued:</dt>
            <dd className="font-medium">{formatAge(status.oldestQueuedSeconds)} ago</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
