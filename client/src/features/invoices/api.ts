import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InvoiceDetailResponse, PublicInvoiceResponse } from "@shared/invoice-actions";
import type { CreateInvoiceInput, InvoiceResponse, InvoiceWithItemsResponse } from "@shared/invoices";
import { apiRequest } from "@/lib/api-request";
import { invoiceQueryKey, MY_INVOICES_QUERY_KEY, publicInvoiceQueryKey } from "@/lib/query-keys";

/** GET /api/invoices/my: the user's own invoices, newest first, overdue computed. */
export const myInvoicesQuery = queryOptions<InvoiceResponse[]>({ queryKey: MY_INVOICES_QUERY_KEY });

/** GET /api/invoices/{id}: one own invoice with its lines, timeline and public link. */
export function invoiceQuery(id: string) {
  return queryOptions<InvoiceDetailResponse>({ queryKey: invoiceQueryKey(id) });
}

/** GET /api/public/invoices/{token}: the invoice behind a public link, signed out. */
export function publicInvoiceQuery(token: string) {
  return queryOptions<PublicInvoiceResponse>({ queryKey: publicInvoiceQueryKey(token) });
}

/**
 * POST /api/invoices with its line items in the same body: the server creates both in one
 * transaction, so a failure never leaves an invoice without its lines.
 */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateInvoiceInput): Promise<InvoiceWithItemsResponse> =>
      (await apiRequest("POST", "/api/invoices", body)).json(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_INVOICES_QUERY_KEY }),
  });
}

type Action = "update" | "delete" | "send" | "mark-sent" | "mark-paid" | "cancel" | "duplicate";

/** One change to an own invoice; the list and the invoice are read again after it. */
export function useInvoiceAction(id: string, action: Action) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body?: object): Promise<InvoiceResponse | null> => {
      const path = `/api/invoices/${id}`;
      if (action === "update") return (await apiRequest("PATCH", path, body)).json();
      if (action === "delete") {
        await apiRequest("DELETE", path);
        return null;
      }
      return (await apiRequest("POST", `${path}/${action}`, body ?? {})).json();
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MY_INVOICES_QUERY_KEY });
      if (action !== "delete") await queryClient.invalidateQueries({ queryKey: invoiceQueryKey(id) });
    },
  });
}
