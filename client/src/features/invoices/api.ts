import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateInvoiceInput, InvoiceResponse, InvoiceWithItemsResponse } from "@shared/invoices";
import { apiRequest } from "@/lib/api-request";
import { invoiceQueryKey, MY_INVOICES_QUERY_KEY } from "@/lib/query-keys";

/** GET /api/invoices/my: the user's own invoices, newest first, overdue computed. */
export const myInvoicesQuery = queryOptions<InvoiceResponse[]>({ queryKey: MY_INVOICES_QUERY_KEY });

/** GET /api/invoices/{id}: one own invoice with its lines (the key's parts join to the path). */
export function invoiceQuery(id: string) {
  return queryOptions<InvoiceWithItemsResponse>({ queryKey: invoiceQueryKey(id) });
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
