import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { OUTBOX_TEMPLATE_LABELS, type OutboxMessageSummary, type OutboxTemplate } from "@shared/outbox";

/** "Nov 23, 1:05 PM" in the admin's own time zone ("Nov 23, 2025, 1:05 PM" another year). */
export function formatMessageTime(iso: string): string {
  return formatDayTime(iso, viewerTimeZone(), { year: "other-years" });
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

const PREVIEW_STYLE =
  "<style>html,body{overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}</style>";

/**
 * A message's HTML as the preview frame shows it: long words, addresses and links wrap and
 * images shrink to the frame, so a phone never scrolls the preview sideways. Only the preview
 * gets this rule; the stored message is what went out.
 */
export function previewHtml(html: string): string {
  // Inside <head> (or right after <html>), never before a doctype, which would make it quirky.
  const opening = /<head(\s[^>]*)?>/i.exec(html) ?? /<html(\s[^>]*)?>/i.exec(html);
  if (!opening) return PREVIEW_STYLE + html;
  const at = opening.index + opening[0].length;
  return html.slice(0, at) + PREVIEW_STYLE + html.slice(at);
}
