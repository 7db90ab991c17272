import { useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { OUTBOX_LIST_LIMIT, type OutboxStatus } from "@shared/outbox";
import { AdminOnly } from "@/components/admin-only";
import { LoadError, PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/auth";
import { outboxListQuery, outboxStatusQuery, useRefreshOutbox } from "@/features/outbox/api";
import { OutboxFilters } from "@/features/outbox/components/outbox-filters";
import { OutboxList } from "@/features/outbox/components/outbox-list";
import { OutboxMessageDialog } from "@/features/outbox/components/outbox-message-dialog";
import { OutboxSummary } from "@/features/outbox/components/outbox-summary";

/** /admin/outbox: every e-mail the platform sends; without SMTP, the mailbox a developer reads. */
export function AdminOutboxPage() {
  const { isAdmin } = useCurrentUser();
  const refresh = useRefreshOutbox();
  const action = isAdmin && (
    <Button type="button" variant="outline" onClick={() => void refresh()}>
      <RefreshCw aria-hidden="true" />
      Refresh
    </Button>
  );
  return (
    <PageShell
      title="Outbox"
      description="Every e-mail the platform sends: what went out, what is waiting and what failed."
      actions={action}
    >
      <AdminOnly>
        <OutboxBody />
      </AdminOnly>
    </PageShell>
  );
}

function emptyText(filter: OutboxStatus | null, search: string): string {
  if (search) return `No ${filter ? `${filter} ` : ""}messages match "${search}".`;
  if (filter) return `No ${filter} messages.`;
  return "No e-mails yet. Ticket purchases, vendor bookings and merchandise orders queue their confirmations here.";
}

function OutboxBody() {
  const [filter, setFilter] = useState<OutboxStatus | null>(null);
  const [search, setSearch] = useState("");
  const [openId, setOpenId] = useState<string | null>(null);
  const status = useQuery(outboxStatusQuery);
  const messages = useQuery(outboxListQuery(filter, search));
  return (
    <div className="grid gap-6">
      {status.data && <OutboxSummary status={status.data} />}
      <OutboxFilters status={filter} onStatus={setFilter} onSearch={setSearch} />
      {messages.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading messages">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 rounded-xl" />
          ))}
        </div>
      ) : messages.isError ? (
        <LoadError what="the outbox" onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
          {emptyText(filter, search)}
        </p>
      ) : (
        <>
          <OutboxList messages={messages.data} onOpen={setOpenId} />
          {messages.data.length === OUTBOX_LIST_LIMIT && (
            <p className="text-sm text-muted-foreground">Showing the newest {OUTBOX_LIST_LIMIT} messages.</p>
          )}
        </>
      )}
      <OutboxMessageDialog id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
