// The outbox's message templates: what each one needs to be rendered, as the change that queued
// it recorded it, and the shape of a message to queue. The admin API is in outbox.ts.
import { z } from "zod";
import { VENDOR_SPOT_TYPES } from "./constants";
import { INVOICE_REFUND_REASONS, INVOICE_REMINDERS } from "./invoice-events";
import { invoiceDocumentSchema } from "./invoice-document";
import { ticketWaitlistMessageSchema } from "./ticket-waitlist-message";

const money = z.string().regex(/^\d+\.\d{2}$/);
const signedMoney = z.string().regex(/^-?\d+\.\d{2}$/);

/** A parcel's, refund's or return's line; with `variantLabel` ("L / Black"), `name` is the item's alone. */
const quantity = z.number().int().positive();
const parcelLine = z.object({ name: z.string(), sku: z.string(), quantity, variantLabel: z.string().optional() });

/** What each message needs to be rendered, as the change that queued it recorded it. */
export const outboxParamsSchemas = {
  "ticket-purchase-confirmation": z.object({
    eventName: z.string(),
    artist: z.string(),
    date: z.string(),
    time: z.string(),
    venue: z.string(),
    quantity: z.number().int().positive(),
    total: money,
    confirmationCode: z.string().min(1),
    // Messages queued before tickets carried a PDF and a signed QR code have none of these;
    // they still render, with the code alone in the QR and no attachments but the image.
    // Each ticket's QR code is signed from purchaseId when the message is rendered
    // (docs/decisions/030-one-code-per-ticket.md).
    purchaseId: z.string().optional(),
    /** The order's own QR token, in messages queued before each ticket had one; unused now. */
    ticketToken: z.string().optional(),
    holderName: z.string().optional(),
    /** The venue's IANA zone for the calendar invitation; older messages have none (floating times). */
    timeZone: z.string().optional(),
    /**
     * A priced order taken while card payments are not configured: a reservation paid at the
     * door, this amount (docs/product.md, "Event Tickets"). Null or absent: nothing is owed.
     */
    payAtDoor: money.nullable().optional(),
    promoCode: z.string().nullable().optional(), // The order's promo code and what it took off.
    discount: money.nullable().optional(),
  }),
  "ticket-waitlist": ticketWaitlistMessageSchema,
  "ticket-order-cancelled": z.object({
    eventName: z.string(),
    artist: z.string(),
    date: z.string(),
    time: z.string(),
    venue: z.string(),
    quantity: z.number().int().positive(),
    confirmationCode: z.string().min(1),
    reason: z.enum(["admin", "event-cancelled"]),
    /** The amount going back to the buyer's card; null for a free order. */
    refund: money.nullable(),
  }),
  "vendor-booking-confirmation": z.object({
    vendorName: z.string(),
    businessName: z.string(),
    spotType: z.enum(VENDOR_SPOT_TYPES),
    amount: money,
    artistName: z.string(),
    date: z.string(),
    time: z.string(),
    location: z.string(),
  }),
  "vendor-booking-admin-notice": z.object({
    vendorName: z.string(),
    vendorEmail: z.string(),
    vendorPhone: z.string(),
    businessName: z.string(),
    foodType: z.string(),
    spotType: z.enum(VENDOR_SPOT_TYPES),
    amount: money,
    artistName: z.string(),
    date: z.string(),
    time: z.string(),
    location: z.string(),
    link: z.string().optional(), // The booking on the admins' page; absent, the e-mail names the page.
  }),
  /** An administrator cancelled a paid booking and refunded it (or it was refunded in Stripe). */
  "vendor-booking-cancelled": z.object({
    vendorName: z.string(),
    businessName: z.string(),
    spotType: z.enum(VENDOR_SPOT_TYPES),
    /** The amount going back to the vendor's card. */
    amountRefunded: money,
    /** The administrator's words to the vendor, if any. */
    reason: z.string().nullable(),
    /** The show; null when its tour date no longer exists. */
    show: z.object({ artistName: z.string(), date: z.string(), time: z.string(), location: z.string() }).nullable(),
  }),
  "merchandise-order-confirmation": z.object({
    itemName: z.string(),
    quantity: z.number().int().positive(),
    unitPrice: money,
    total: money,
    variantLabel: z.string().optional(), // "L / Black"; absent or "" for an item without options.
  }),
  /** A cart order, once paid: its lines, amounts, shipping address and the link to its page. */
  "merchandise-order-placed": z.object({
    orderNumber: z.number().int(),
    lines: z.array(
      z.object({
        itemName: z.string(),
        /** The variant's option values by option name ({} for an item without options). */
        options: z.record(z.string(), z.string()),
        quantity: z.number().int().positive(),
        unitPrice: money,
        /** A pre-order's first shipping day (YYYY-MM-DD), or null. */
        shipsFrom: z.string().nullable(),
      }),
    ),
    subtotal: money,
    shipping: money,
    tax: money,
    taxRate: z.string().optional(), // The destination's rate in percent ("20"): "Tax (20%)".
    total: money,
    /** Downloads bought with the goods (their links come in the store's own e-mail). */
    downloads: z.array(z.object({ title: z.string(), artist: z.string(), amount: money })).optional(),
    address: z.object({
      name: z.string(),
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string(),
      region: z.string().nullable(),
      postalCode: z.string(),
      country: z.string(),
    }),
    link: z.string(),
  }),
  /** A parcel left: only its lines, the carrier and the tracking page (or the number alone). */
  "merchandise-order-shipped": z.object({
    order: z.string(),
    carrier: z.string(),
    trackingNumber: z.string(),
    trackingUrl: z.string().nullable(),
    lines: z.array(parcelLine),
    link: z.string(),
  }),
  /** A return refunded, or an unshipped order cancelled and refunded whole. */
  "merchandise-order-refunded": z.object({
    order: z.string(),
    amount: money,
    cancelled: z.boolean(),
    /** Cancelled because the payment came after the hold ran out and the stock had sold meanwhile. */
    soldOut: z.boolean().optional(),
    /** Not a return: units refunded because they will not ship, or a refund made another way (no lines). */
    kind: z.enum(["unshipped", "other"]).optional(),
    lines: z.array(parcelLine),
    link: z.string(),
  }),
  /** To the buyer: an admin turned down the return they asked for (with the admin's reason, if any). */
  "merchandise-return-rejected": z.object({
    order: z.string(),
    lines: z.array(parcelLine),
    reason: z.string().nullable(),
    link: z.string(),
  }),
  /** To the administrators: a buyer asked to return some units, and why. */
  "merchandise-return-requested": z.object({
    order: z.string(),
    customerEmail: z.string(),
    lines: z.array(parcelLine),
    reason: z.string(),
    /** The admins' orders page. */
    link: z.string(),
    orderLink: z.string().optional(), // The order itself, where the page opens one by address.
  }),
  /** To the administrators: a variant fell to its low-stock threshold (once until restocked above it). */
  "merchandise-low-stock": z.object({
    itemName: z.string(),
    /** The combination ("M / Black"); "" for an item without options. */
    variant: z.string(),
    sku: z.string(),
    stockQuantity: z.number().int().min(0),
    threshold: z.number().int().min(0),
    /** The item's page. */
    link: z.string(),
    editorLink: z.string().optional(), // The item's editor; absent, the admins' merchandise page.
  }),
  /** To a fan who asked: a sold-out variant is back in stock. */
  "merchandise-back-in-stock": z.object({ itemName: z.string(), variant: z.string(), link: z.string() }),
  /** To an address signed up for a back-in-stock e-mail: the signed link that confirms it. */
  "merchandise-stock-confirm": z.object({
    itemName: z.string(),
    variant: z.string(),
    /** Opens the confirmation (GET /api/merchandise/stock-requests/confirm/{token}). */
    confirmLink: z.string(),
  }),
  /** The invoice as sent (its PDF is rendered from it) and the client's link to it. */
  "invoice-sent": z.object({
    document: invoiceDocumentSchema,
    link: z.string(),
    /** What the member reviewed before sending, plain text; absent on messages queued before the preview. */
    subject: z.string().optional(),
    message: z.string().optional(),
    /** "Pay now" is offered on the link; absent on older messages, which said so. */
    payOnline: z.boolean().optional(),
  }),
  "invoice-reminder": z.object({
    labelName: z.string(),
    invoiceNumber: z.string(),
    clientName: z.string(),
    total: money,
    dueDate: z.string(),
    /** The zone the due date is shown in; absent on reminders queued before it was recorded. */
    timeZone: z.string().optional(),
    reminder: z.enum(INVOICE_REMINDERS),
    link: z.string(),
    /** "Pay now" is offered on the link; absent on older reminders, which said so. */
    payOnline: z.boolean().optional(),
  }),
  /** To the client once a card payment settled the invoice. */
  "invoice-paid-receipt": z.object({
    labelName: z.string(),
    invoiceNumber: z.string(),
    total: money,
    paidOn: z.string(),
    link: z.string(),
  }),
  /** To the member who issued it. */
  "invoice-paid-notice": z.object({
    invoiceNumber: z.string(),
    clientName: z.string(),
    total: money,
    paidOn: z.string(),
    link: z.string(),
  }),
  /** To the client: a card payment that could not pay the invoice is being refunded. */
  "invoice-payment-refunded": z.object({
    labelName: z.string(),
    invoiceNumber: z.string(),
    amount: money,
    reason: z.enum(INVOICE_REFUND_REASONS),
    link: z.string(),
  }),
  /** To the member who issued it: the same refund. */
  "invoice-payment-refunded-notice": z.object({
    invoiceNumber: z.string(),
    clientName: z.string(),
    amount: money,
    reason: z.enum(INVOICE_REFUND_REASONS),
    link: z.string(),
  }),
  /** To a payee when a period's closing locked their statement. */
  "royalty-statement-ready": z.object({
    payeeName: z.string(),
    periodStart: z.string(),
    periodEnd: z.string(),
    link: z.string(),
    earned: signedMoney.optional(), // The statement's figures; older messages have none.
    payable: money.optional(),
  }),
  /** To the artist: their track arrived, and the date the label promised an answer by. */
  "submission-received": z.object({
    artistName: z.string(),
    trackTitle: z.string(),
    submittedAt: z.string(),
    replyBy: z.string(),
    link: z.string(),
  }),
  /** To the artist: the A&R team accepted or rejected their track, with its feedback. */
  "submission-decided": z.object({
    artistName: z.string(),
    trackTitle: z.string(),
    status: z.enum(["accepted", "rejected"]),
    feedback: z.string(),
    link: z.string(),
  }),
  /** To the administrators, weekly: submissions past their reply-by date and still undecided. */
  "submissions-overdue-summary": z.object({
    count: z.number().int().positive(),
    /** The oldest first, at most 20. */
    items: z.array(z.object({ artistName: z.string(), trackTitle: z.string(), replyBy: z.string() })),
    link: z.string(),
  }),
  /** To a music store buyer: their download links, after a download or when they asked for them again. */
  "store-downloads": z.object({
    reason: z.enum(["download", "resend"]),
    items: z
      .array(
        z.object({
          title: z.string(),
          artist: z.string(),
          link: z.string(),
          /** The release's cover as an absolute address; messages queued before covers have none. */
          coverUrl: z.string().nullish(),
        }),
      )
      .min(1),
  }),
} as const;

export type OutboxTemplate = keyof typeof outboxParamsSchemas;
export const OUTBOX_TEMPLATES = Object.keys(outboxParamsSchemas) as OutboxTemplate[];
export type OutboxParams<T extends OutboxTemplate> = z.infer<(typeof outboxParamsSchemas)[T]>;
