// What can be done to an invoice in each status, and the plain reason when it can't: one
// table for the server's checks (409) and the client's buttons
// (docs/decisions/016-invoice-lifecycle.md).
import { z } from "zod";
import type { InvoiceEventResponse } from "./invoice-events";
import {
  createInvoiceSchema,
  TAX_MODES,
  type InvoiceStatus,
  type InvoiceWithItemsResponse,
  type StoredInvoiceStatus,
} from "./invoices";
import { decimalString, isoDate, optionalText } from "./validation";

export const INVOICE_ACTIONS = ["edit", "send", "mark-sent", "mark-paid", "cancel", "delete", "pay"] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

const ALLOWED_FROM: Record<InvoiceAction, readonly StoredInvoiceStatus[]> = {
  edit: ["draft", "sent"],
  send: ["draft", "sent"],
  "mark-sent": ["draft"],
  "mark-paid": ["draft", "sent"],
  cancel: ["draft", "sent"],
  delete: ["draft"],
  pay: ["sent"],
};

/** Stored or shown status: "overdue" is a sent invoice past its due date. */
function stored(status: InvoiceStatus | StoredInvoiceStatus): StoredInvoiceStatus {
  return status === "overdue" ? "sent" : status;
}

export function canDo(action: InvoiceAction, status: InvoiceStatus | StoredInvoiceStatus): boolean {
  return ALLOWED_FROM[action].includes(stored(status));
}

const REFUSALS: Record<InvoiceAction, Partial<Record<StoredInvoiceStatus, string>>> = {
  edit: { paid: "A paid invoice can't be changed.", cancelled: "A cancelled invoice can't be changed." },
  send: { paid: "This invoice is already paid.", cancelled: "A cancelled invoice can't be sent." },
  "mark-sent": {
    sent: "This invoice has already been sent.",
    paid: "This invoice is already paid.",
    cancelled: "A cancelled invoice can't be sent.",
  },
  "mark-paid": { paid: "This invoice is already paid.", cancelled: "A cancelled invoice can't be marked as paid." },
  cancel: { paid: "A paid invoice can't be cancelled.", cancelled: "This invoice is already cancelled." },
  delete: {
    sent: "A sent invoice can't be deleted. Cancel it instead.",
    paid: "A paid invoice can't be deleted; it stays on record.",
    cancelled: "A cancelled invoice can't be deleted; it stays on record.",
  },
  pay: {
    draft: "This invoice can't be paid yet.",
    paid: "This invoice is already paid.",
    cancelled: "This invoice was cancelled.",
  },
};

/** Why `action` is refused in `status` (the 409's message). */
export function refusalMessage(action: InvoiceAction, status: InvoiceStatus | StoredInvoiceStatus): string {
  return REFUSALS[action][stored(status)] ?? "This invoice can't be changed that way now.";
}

export const NO_CLIENT_EMAIL_MESSAGE = "Add the client's e-mail address before sending";

/**
 * PATCH /api/invoices/{id}: any fields of the create body, and/or the reminders switch. A
 * field left out keeps its value (no defaults here, unlike creation).
 */
export const updateInvoiceSchema = createInvoiceSchema
  .omit({ status: true })
  .partial()
  .extend({
    tax: decimalString().optional(),
    taxMode: z.enum(TAX_MODES).optional(),
    remindersEnabled: z.boolean().optional(),
  });
export type UpdateInvoice = z.infer<typeof updateInvoiceSchema>;
export type UpdateInvoiceInput = z.input<typeof updateInvoiceSchema>;

/** POST /api/invoices/{id}/mark-paid */
export const markPaidSchema = z.object({
  paidOn: isoDate,
  note: optionalText(1000),
});
export type MarkPaidInput = z.input<typeof markPaidSchema>;

/** GET /api/invoices/{id}: the invoice, its lines, its timeline (oldest first) and its public link. */
export type InvoiceDetailResponse = InvoiceWithItemsResponse & {
  events: InvoiceEventResponse[];
  publicPath: string;
};

/** GET /api/public/invoices/{token}: what the client sees, signed out. */
export interface PublicInvoiceResponse {
  labelName: string;
  invoice: Omit<InvoiceWithItemsResponse, "userId" | "paidNote" | "remindersEnabled">;
  /** Card payment is offered (payments configured and the invoice awaits payment). */
  canPayByCard: boolean;
}

/** POST /api/public/invoices/{token}/complete: the invoice's status once the server has asked Stripe. */
export interface PublicInvoicePaymentResponse {
  status: StoredInvoiceStatus;
}
