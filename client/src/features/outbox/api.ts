import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutboxMessageDetail, OutboxMessageSummary, OutboxStatus, OutboxStatusResponse } from "@shared/outbox";
import { apiRequest } from "@/lib/api-request";
import { OUTBOX_QUERY_KEY, OUTBOX_STATUS_QUERY_KEY, outboxListQueryKey, outboxMessageQueryKey } from "@/lib/query-keys";

/**
 * GET /api/outbox (admin): the newest messages first, optionally of one status and holding
 * `search` in the recipient or subject.
 */
export function outboxListQuery(status: OutboxStatus | null, search = "") {
  return queryOptions<OutboxMessageSummary[]>({ queryKey: outboxListQueryKey(status, search.trim()) });
}

/** GET /api/outbox/status (admin): queue figures and whether SMTP is configured. */
export const outboxStatusQuery = queryOptions<OutboxStatusResponse>({ queryKey: OUTBOX_STATUS_QUERY_KEY });

/** GET /api/outbox/:id (admin): the message as rendered, inline images included. */
export function outboxMessageQuery(id: string) {
  return queryOptions<OutboxMessageDetail>({ queryKey: outboxMessageQueryKey(id) });
}

/** Where an admin downloads an attachment. */
export function attachmentUrl(id: string, index: number): string {
  return `/api/outbox/${id}/attachments/${index}`;
}

/** Every outbox query: the lists (any filter), the status and the opened messages. */
function isOutboxQuery(key: readonly unknown[]): boolean {
  return typeof key[0] === "string" && key[0].startsWith(OUTBOX_QUERY_KEY[0]);
}

/** Reads the outbox again (the workers change it in the background). */
export function useRefreshOutbox() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => isOutboxQuery(query.queryKey) });
}

/** POST /api/outbox/:id/resend: a sent or failed message goes out again, unchanged. */
export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<OutboxMessageSummary> =>
      (await apiRequest("POST", `/api/outbox/${id}/resend`)).json(),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => isOutboxQuery(query.queryKey) }),
  });
}
