// What can be done to an invoice in each status, and the plain reason when it can't: one
// table for the server's checks (409) and the client's buttons
// (docs/decisions/016-invoice-lifecycle.md).
import { z } from "zod";
import { formatDocumentDay } from "./invoice-document";
import { apiErrorSchema, defineContract, idParams, NO_CONTENT } from "./contract";
import { invoiceEventSchema } from "./invoice-events";
import { invoicesApi, publicInvoicesApi } from "./invoices.api";
import { formatMoney } from "./money";
import {
  createInvoiceSchema,
  insertInvoiceLineItemSchema,
  INVOICE_STORED_STATUSES,
  invoiceLineItemSchema,
  invoiceSchema,
  invoiceWithItemsSchema,
  TAX_MODES,
  type InvoiceStatus,
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
export const invoiceDetailSchema = invoiceWithItemsSchema
  .extend({
    events: z.array(invoiceEventSchema),
    /** `/pay/<token>`; null for a draft, which has no link to share until it is sent. */
    publicPath: z.string().nullable(),
    /** The name the invoice is issued under (its PDF's heading, its e-mail's subject). */
    issuerName: z.string(),
    /** Card payment is offered on this server: the client gets "Pay now", not the payment instructions. */
    cardPayments: z.boolean(),
  })
  .meta({ id: "InvoiceDetail" });
export type InvoiceDetail = z.output<typeof invoiceDetailSchema>;

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
    subject: `Invoice from ${invoice.issuerName}`,
    message: [
      invoice.clientName?.trim() ? `Hello ${invoice.clientName.trim()},` : "Hello,",
      `Please find attached invoice ${invoice.invoiceNumber} for ${formatMoney(invoice.total)}, due on ${due}. ${how}`,
      `Thank you,\n${invoice.issuerName}`,
    ].join("\n\n"),
  };
}

/** GET /api/public/invoices/{token}: what the client sees, signed out. */
export const publicInvoiceSchema = z
  .object({
    labelName: z.string(),
    /** No owner id, private note or settings; the payment instructions only while the client needs them. */
    invoice: invoiceWithItemsSchema
      .omit({ userId: true, paidNote: true, remindersEnabled: true })
      .meta({ id: "PublicInvoiceData" }),
    /** Card payment is offered (payments configured and the invoice awaits payment). */
    canPayByCard: z.boolean(),
  })
  .meta({ id: "PublicInvoice" });
export type PublicInvoice = z.output<typeof publicInvoiceSchema>;

/** POST /api/public/invoices/{token}/complete: the PaymentIntent the card paid. */
export const completeInvoicePaymentSchema = z.object({ paymentIntentId: z.string().min(1).max(255) });

/** POST /api/public/invoices/{token}/complete: the invoice's status once the server has asked Stripe. */
export const publicInvoicePaymentSchema = z.object({ status: z.enum(INVOICE_STORED_STATUSES) });
export type PublicInvoicePayment = z.output<typeof publicInvoicePaymentSchema>;

const NOT_FOUND = { 404: apiErrorSchema };
/** Not found, or the invoice's status does not allow it (the message says why). */
const REFUSED = { 404: apiErrorSchema, 409: apiErrorSchema };

/** docs/decisions/016-invoice-lifecycle.md; each action's refusal is its 409. */
export const invoicesContract = defineContract("invoices", invoicesApi, {
  my: {
    summary: "The member's own invoices, newest first, overdue computed",
    responses: { 200: z.array(invoiceSchema) },
  },
  get: {
    summary: "One own invoice with its lines, its timeline and its public link",
    params: idParams,
    responses: { 200: invoiceDetailSchema, ...NOT_FOUND },
  },
  create: {
    summary: "Creates an invoice and its lines in one transaction; the server computes every total",
    description:
      "Lines without a description, with a quantity of 0 or less or a negative price are dropped. A sent line total, subtotal or total that disagrees with the lines and the tax is refused (400). 409: the number is already used by one of the member's invoices.",
    body: createInvoiceSchema,
    responses: { 201: invoiceWithItemsSchema, 409: apiErrorSchema },
  },
  update: {
    summary: "Changes the fields sent of a draft or sent invoice; the lines, when sent, replace all of them",
    description:
      "Every total is computed again. The status is never edited here (400): sending, marking and cancelling are their own routes.",
    params: idParams,
    body: updateInvoiceSchema,
    responses: { 200: invoiceWithItemsSchema, ...REFUSED },
  },
  remove: {
    summary: "Deletes a draft; an issued invoice stays on record (409)",
    params: idParams,
    responses: { 204: NO_CONTENT, ...REFUSED },
  },
  addItem: {
    summary: "Adds one line to an open invoice; its total and the invoice's are computed by the server",
    params: idParams,
    body: insertInvoiceLineItemSchema,
    responses: { 201: invoiceLineItemSchema, ...REFUSED },
  },
  send: {
    summary: "E-mails the invoice with its PDF and link to the client; a draft becomes sent",
    description:
      "429: sent too often (per invoice per hour, per member per day); the message says when it can go again.",
    params: idParams,
    body: sendInvoiceSchema,
    responses: { 200: invoiceWithItemsSchema, ...REFUSED, 429: apiErrorSchema },
  },
  markSent: {
    summary: "Marks a draft as sent without e-mailing it",
    params: idParams,
    responses: { 200: invoiceWithItemsSchema, ...REFUSED },
  },
  markPaid: {
    summary: "Records that the invoice was paid, on a day and with an optional note",
    params: idParams,
    body: markPaidSchema,
    responses: { 200: invoiceWithItemsSchema, ...REFUSED },
  },
  cancel: {
    summary: "Cancels a draft or sent invoice; it stays on record",
    params: idParams,
    responses: { 200: invoiceWithItemsSchema, ...REFUSED },
  },
  duplicate: {
    summary: "A new draft with the same parties, lines and tax, a new number, issued today",
    params: idParams,
    responses: { 201: invoiceWithItemsSchema, ...NOT_FOUND },
  },
});

/** A public link's token: signed by the server, so a malformed or altered one opens nothing (404). */
export const publicInvoiceTokenParams = z.object({ token: z.string().max(200) });

/** The public link's routes (docs/decisions/016-invoice-lifecycle.md); card payment is priced by the server. */
export const publicInvoicesContract = defineContract("publicInvoices", publicInvoicesApi, {
  view: {
    summary: "The invoice behind a public link, for anyone holding it",
    description: "A draft opens only for its owner, signed in. An open by anyone else goes on the invoice's timeline.",
    params: publicInvoiceTokenParams,
    responses: { 200: publicInvoiceSchema, ...NOT_FOUND },
  },
  paymentIntent: {
    summary: "Starts a card payment for exactly the invoice's stored total",
    description:
      "The page never sends an amount. 409: the invoice cannot be paid now, or is too small to pay by card. A server without payments configured answers 503.",
    params: publicInvoiceTokenParams,
    responses: { 200: z.object({ clientSecret: z.string() }), ...REFUSED },
  },
  complete: {
    summary: "Settles the invoice once Stripe says the card payment succeeded",
    description:
      "409: the payment has not completed, does not match the invoice, or cannot pay it any more (it is then refunded, and the message says why). A server without payments configured answers 503.",
    params: publicInvoiceTokenParams,
    body: completeInvoicePaymentSchema,
    responses: { 200: publicInvoicePaymentSchema, ...REFUSED },
  },
});

/**
 * The subject the client gets: the invoice's number first, then the member's words, so a member's
 * subject can never stand alone in mail from the platform ("Your account is locked" arrives as
 * "INV-7 — Your account is locked"). docs/decisions/041-mail-that-cannot-be-abused.md.
 */
export function invoiceEmailSubject(invoiceNumber: string, subject: string): string {
  return `${invoiceNumber} — ${subject}`;
}
