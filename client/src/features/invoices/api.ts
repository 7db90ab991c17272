import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  invoicesContract,
  MarkPaidInput,
  publicInvoicesContract,
  SendInvoiceInput,
  UpdateInvoiceInput,
} from "@shared/invoice-actions";
import type { CreateInvoiceInput } from "@shared/invoices";
import { invoicesApi, publicInvoicesApi } from "@shared/invoices.api";
import { apiClient } from "@/lib/api-client";

const api = apiClient<typeof invoicesContract>(invoicesApi);
const publicApi = apiClient<typeof publicInvoicesContract>(publicInvoicesApi);

/** The user's own invoices, newest first, overdue computed. */
export const myInvoicesQuery = api.my.query();

/** One own invoice with its lines, timeline and public link. */
export function invoiceQuery(id: string) {
  return api.get.query({ params: { id } });
}

/** The invoice behind a public link, signed out. */
export function publicInvoiceQuery(token: string) {
  return publicApi.view.query({ params: { token } });
}

/** "Pay now": a card payment for the total the server stored (the page never sends an amount). */
export function startInvoicePayment(token: string) {
  return publicApi.paymentIntent({ params: { token } });
}

/** Settles the invoice once Stripe confirmed the card payment; answers its status. */
export function completeInvoicePayment(token: string, paymentIntentId: string) {
  return publicApi.complete({ params: { token }, body: { paymentIntentId } });
}

/**
 * With its line items in the same body: the server creates both in one transaction, so a
 * failure never leaves an invoice without its lines. The dialog shows the product's own
 * failure text ("Failed to create invoice" when the server gives none).
 */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoiceInput) => api.create({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: api.my.key() }),
    meta: { errorFallback: "Failed to create invoice" },
  });
}

/** What each change of an own invoice sends. */
interface ActionBodies {
  update: UpdateInvoiceInput;
  delete: void;
  send: SendInvoiceInput;
  "mark-sent": void;
  "mark-paid": MarkPaidInput;
  cancel: void;
  duplicate: void;
}
export type InvoiceAction = keyof ActionBodies;
export type InvoiceActionBody<A extends InvoiceAction> = ActionBodies[A];

const CALLS: { [A in InvoiceAction]: (id: string, body: ActionBodies[A]) => Promise<unknown> } = {
  update: (id, body) => api.update({ params: { id }, body }),
  delete: (id) => api.remove({ params: { id } }),
  send: (id, body) => api.send({ params: { id }, body }),
  "mark-sent": (id) => api.markSent({ params: { id } }),
  "mark-paid": (id, body) => api.markPaid({ params: { id }, body }),
  cancel: (id) => api.cancel({ params: { id } }),
  duplicate: (id) => api.duplicate({ params: { id } }),
};

/**
 * One change to an own invoice; the list and the invoice are read again after it. A failure
 * shows the server's message in the default toast (lib/query-client.ts).
 */
export function useInvoiceAction<A extends InvoiceAction>(id: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActionBodies[A]) => CALLS[action](id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: api.my.key() });
      if (action !== "delete") await queryClient.invalidateQueries({ queryKey: api.get.key({ params: { id } }) });
    },
  });
}
