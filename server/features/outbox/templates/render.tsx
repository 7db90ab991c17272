import { render, toPlainText } from "@react-email/components";
import { outboxParamsSchemas, type OutboxParams, type OutboxTemplate, type StoredAttachment } from "@shared/outbox";
import type { Branding } from "./layout";
import type { AttachmentTools, MessageTemplate } from "./message-template";
import { invoicePaidNotice, invoicePaidReceipt } from "./invoice-paid";
import { invoicePaymentRefunded, invoicePaymentRefundedNotice } from "./invoice-payment-refunded";
import { invoiceReminder } from "./invoice-reminder";
import { invoiceSent } from "./invoice-sent";
import { merchandiseOrderConfirmation } from "./merchandise-order-confirmation";
import { merchandiseOrderPlaced } from "./merchandise-order-placed";
import {
  merchandiseOrderRefunded,
  merchandiseOrderShipped,
  merchandiseReturnRejected,
  merchandiseReturnRequested,
} from "./merchandise-order-fulfilment";
import { merchandiseBackInStock, merchandiseLowStock, merchandiseStockConfirm } from "./merchandise-stock";
import { royaltyStatementReady } from "./royalty-statement-ready";
import { submissionDecided, submissionReceived, submissionsOverdueSummary } from "./submissions";
import { storeDownloads } from "./store-downloads";
import { ticketOrderCancelled } from "./ticket-order-cancelled";
import { ticketPurchaseConfirmation } from "./ticket-purchase-confirmation";
import { ticketWaitlist } from "./ticket-waitlist";
import { vendorBookingAdminNotice } from "./vendor-booking-admin-notice";
import { vendorBookingCancelled } from "./vendor-booking-cancelled";
import { vendorBookingConfirmation } from "./vendor-booking-confirmation";

/** Every template, one per message; a template name without an entry does not compile. */
const TEMPLATES: { [T in OutboxTemplate]: MessageTemplate<T> } = {
  "ticket-purchase-confirmation": ticketPurchaseConfirmation,
  "ticket-order-cancelled": ticketOrderCancelled,
  "ticket-waitlist": ticketWaitlist,
  "vendor-booking-confirmation": vendorBookingConfirmation,
  "vendor-booking-admin-notice": vendorBookingAdminNotice,
  "vendor-booking-cancelled": vendorBookingCancelled,
  "merchandise-order-confirmation": merchandiseOrderConfirmation,
  "merchandise-order-placed": merchandiseOrderPlaced,
  "merchandise-order-shipped": merchandiseOrderShipped,
  "merchandise-order-refunded": merchandiseOrderRefunded,
  "merchandise-return-rejected": merchandiseReturnRejected,
  "merchandise-return-requested": merchandiseReturnRequested,
  "merchandise-low-stock": merchandiseLowStock,
  "merchandise-back-in-stock": merchandiseBackInStock,
  "merchandise-stock-confirm": merchandiseStockConfirm,
  "invoice-sent": invoiceSent,
  "invoice-reminder": invoiceReminder,
  "invoice-paid-receipt": invoicePaidReceipt,
  "invoice-paid-notice": invoicePaidNotice,
  "invoice-payment-refunded": invoicePaymentRefunded,
  "invoice-payment-refunded-notice": invoicePaymentRefundedNotice,
  "royalty-statement-ready": royaltyStatementReady,
  "submission-received": submissionReceived,
  "submission-decided": submissionDecided,
  "submissions-overdue-summary": submissionsOverdueSummary,
  "store-downloads": storeDownloads,
};

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
  attachments: StoredAttachment[];
}

/** A message that can never be rendered (unknown template, parameters of the wrong shape). */
export class RenderError extends Error {}

async function renderTemplate<T extends OutboxTemplate>(
  template: T,
  params: OutboxParams<T>,
  branding: Branding,
  tools: AttachmentTools,
): Promise<RenderedMessage> {
  // Read as one template's definition: the union of every template's types is more than the
  // type checker can spell out (TEMPLATES' own type checks each template against its params).
  const definition = (TEMPLATES as Record<OutboxTemplate, unknown>)[template] as MessageTemplate<T>;
  const element = <definition.Body params={params} branding={branding} />;
  const [html, attachments] = await Promise.all([
    render(element),
    definition.attachments?.(params, branding, tools) ?? Promise.resolve([]),
  ]);
  // The plain text comes from the HTML already rendered (a second React render costs more).
  return { subject: definition.subject(params, branding), html, text: toPlainText(html), attachments };
}

/** Subject, HTML with its plain-text alternative, and attachments, from what the change recorded. */
export async function renderMessage(
  template: string,
  params: unknown,
  branding: Branding,
  tools: AttachmentTools,
): Promise<RenderedMessage> {
  if (!(template in TEMPLATES)) throw new RenderError(`Unknown template "${template}"`);
  const name = template as OutboxTemplate;
  const parsed = outboxParamsSchemas[name].safeParse(params);
  if (!parsed.success) throw new RenderError(`Parameters do not fit "${template}": ${parsed.error.issues[0]?.message}`);
  return renderTemplate(name, parsed.data as OutboxParams<typeof name>, branding, tools);
}
