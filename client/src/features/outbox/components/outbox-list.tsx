import { ChevronRight } from "lucide-react";
import type { OutboxMessageSummary } from "@shared/outbox";
import { formatMessageTime, messageTitle } from "../format";
import { OutboxStatusBadge } from "./outbox-status-badge";

/** One row per message; the whole row opens it. */
export function OutboxList({
  messages,
  onOpen,
}: {
  messages: readonly OutboxMessageSummary[];
  onOpen: (id: string) => void;
}) {
  return (
    <ul className="divide-y rounded-xl border bg-card" aria-label="Messages">
      {messages.map((message) => (
        <li key={message.id}>
          <button
            type="button"
            onClick={() => onOpen(message.id)}
            className="grid w-full gap-2 p-4 text-left transition-colors hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[1fr_auto] sm:items-center"
          >
            {/* The subject and address wrap rather than cut: an order code ends the subject. */}
            <span className="grid min-w-0 gap-1">
              <span className="font-medium [overflow-wrap:anywhere]">{messageTitle(message)}</span>
              <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">To {message.recipient}</span>
              {message.lastError && message.status !== "sent" && (
                <span className="line-clamp-2 text-sm text-destructive">{message.lastError}</span>
              )}
            </span>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground sm:justify-end">
              <OutboxStatusBadge status={message.status} />
              <span>
                {message.attempts} {message.attempts === 1 ? "attempt" : "attempts"}
              </span>
              <time dateTime={message.sentAt ?? message.createdAt}>
                {formatMessageTime(message.sentAt ?? message.createdAt)}
              </time>
              <ChevronRight aria-hidden="true" className="hidden size-4 sm:block" />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
