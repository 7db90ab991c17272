import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { outboxContract, OutboxStatus } from "@shared/outbox";
import { outboxApi, outboxFiles } from "@shared/outbox.api";
import { apiClient, pathOf } from "@/lib/api-client";

const api = apiClient<typeof outboxContract>(outboxApi);

/**
 * The newest messages first (admin), optionally of one status and holding `search` in the
 * recipient or subject.
 */
export function outboxListQuery(status: OutboxStatus | null, search = "") {
  return api.list.query({ query: { status: status ?? undefined, q: search.trim() } });
}

/** Queue figures and whether SMTP is configured (admin). */
export const outboxStatusQuery = api.status.query();

/** The message as rendered, inline images included (admin). */
export function outboxMessageQuery(id: string) {
  return api.detail.query({ params: { id } });
}

/** Where an admin downloads an attachment. */
export function attachmentUrl(id: string, index: number): string {
  return pathOf(outboxFiles.attachment, { id, index: String(index) });
}

/**
 * Reads the outbox again (the workers change it in the background): the lists (any filter),
 * the status and the opened messages all sit under the list's key.
 */
export function useRefreshOutbox() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: api.list.key() });
}

/**
 * A sent or failed message goes out again, unchanged. The dialog says a failure in its own
 * words, so the default error toast stays away.
 */
export function useResendMessage() {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: (id: string) => api.resend({ params: { id } }),
    onSuccess: refresh,
    meta: { errorFallback: "Failed to resend the message" },
  });
}
