import { OUTBOX_TEMPLATE_LABELS, type OutboxMessageSummary, type OutboxTemplate } from "@shared/outbox";

const dateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** "Nov 23, 1:05 PM" in the admin's own time zone. */
export function formatMessageTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The subject, or what the message is while it has none yet. */
export function messageTitle(message: Pick<OutboxMessageSummary, "subject" | "template">): string {
  if (message.subject) return message.subject;
  const label = OUTBOX_TEMPLATE_LABELS[message.template as OutboxTemplate] ?? message.template;
  return `${label} (being prepared)`;
}

/** "42 s", "5 min", "3 h", "2 days". */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86_400);
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** "12.4 KB" */
export function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
