// What can be done to an invoice in each status, and the plain reason when it can't: one
// table for the server's checks (409) and the client's buttons
// (docs/decisions/016-invoice-lifecycle.md).
import { z } from "zod";
import { formatDocumentDay } from "./invoice-document";
import type { InvoiceEventResponse } from "./invoice-events";
import { formatMoney } from "./money";
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
  /** `/pay/<token>`; null for a draft, which has no link to share until it is sent. */
  publicPath: string | null;
  /** The name the invoice is issued under (its PDF's heading, its e-mail's subject). */
  issuerName: string;
  /** Card payment is offered on this server: the client gets "Pay now", not the payment instructions. */
  cardPayments: boolean;
};

export const MAX_EMAIL_SUBJECT = 200;
export const MAX_EMAIL_MESSAGE = 5000;

// Control characters other than line breaks and tabs have no place in a message a person wrote;
// a line break in a subject would be a second header line.
// eslint-disable-next-line no-control-regex -- control characters are what these tests reject
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/**
 * POST /api/invoices/{id}/send: the subject and message the member reviewed, as plain text
 * (the e-mail escapes them); either left out takes its default (invoiceEmailDefaults).
 */
export const sendInvoiceSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "Enter a subject")
    .max(MAX_EMAIL_SUBJECT, `Keep the subject under ${MAX_EMAIL_SUBJECT + 1} characters`)
    .refine((value) => !LINE_BREAK.test(value) && !CONTROL.test(value), "Write the subject as one line of plain text")
    .optional(),
  message: z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, "Enter a message")
        .max(MAX_EMAIL_MESSAGE, `Keep the message under ${MAX_EMAIL_MESSAGE + 1} characters`)
        .refine((value) => !CONTROL.test(value), "Write the message as plain text"),
    )
    .optional(),
});
export type SendInvoiceInput = z.input<typeof sendInvoiceSchema>;

/**
 * The e-mail a send proposes: the member sees it in the preview and may change both parts.
 * It says the client can pay online only when card payment is offered.
 */
export function invoiceEmailDefaults(invoice: {
  invoiceNumber: string;
  issuerName: string;
  clientName: string | null;
  total: string;
  dueDate: string;
  timeZone?: string | null;
  payOnline: boolean;
}): { subject: string; message: string } {
  const due = formatDocumentDay(invoice.dueDate, invoice.timeZone ?? undefined);
  const how = invoice.payOnline
    ? "You can view it and pay online with the button below."
    : "You can also view and download it with the button below.";
  return {
    subject: `Invoice ${invoice.invoiceNumber} from ${invoice.issuerName}`,
    message: [
      invoice.clientName?.trim() ? `Hello ${invoice.clientName.trim()},` : "Hello,",
      `Please find attached invoice ${invoice.invoiceNumber} for ${formatMoney(invoice.total)}, due on ${due}. ${how}`,
      `Thank you,\n${invoice.issuerName}`,
    ].join("\n\n"),
  };
}

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
