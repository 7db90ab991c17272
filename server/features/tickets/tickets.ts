import type { AppContext } from "../../context";
import type { DocumentRenderer } from "../../documents/document-renderer";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import type { SignedTokens } from "../../lib/signed-token";
import { CHECKOUT_HOLD_MINUTES } from "../../lib/unpaid-holds";
import { createTicketCancellationsService } from "./ticket-cancellations.service";
import { createTicketDocumentsService } from "./ticket-documents.service";
import type { TicketMessages } from "./ticket-messages";
import { createTicketOrdersRepository } from "./ticket-orders.repository";
import { createTicketPaymentsService } from "./ticket-payments.service";
import { createTicketPromoCodesService } from "./ticket-promo-codes.service";
import { createTicketWaitlistService } from "./ticket-waitlist.service";
import { createTicketsRepository } from "./tickets.repository";
import { createTicketsService } from "./tickets.service";

export { TICKET_PURCHASE_METADATA_KEY } from "./ticket-payments.service";

export const PAY_AT_DOOR_WARNING =
  "Card payments are not configured (no Stripe keys): priced tickets are reservations paid at the door";

/**
 * The tickets feature's services, wired by features/index.ts with what it needs from others:
 * the outbox's `messages`, the payments feature's Stripe calls (`available` false when not
 * configured: every order is then confirmed at once, a priced one as a reservation paid at the
 * door, docs/product.md "Event Tickets"), the signed-token helper for QR codes
 * (the same one the door checks them with), `runSoon` for its cancellations-and-refunds job,
 * and the document renderer that makes its PDF tickets.
 * Its webhook handlers (`payments.settleFromWebhook`, `cancellations.chargeRefunded`) are
 * registered with the payments feature there too.
 */
export function createTicketServices(
  { config, db, pool, logger }: AppContext,
  deps: {
    messages: TicketMessages;
    payments: CheckoutPayments;
    tokens: SignedTokens;
    runSoon: () => void;
    documents: DocumentRenderer;
  },
) {
  const { messages, tokens, runSoon } = deps;
  const waitlistSettings = { appUrl: config.appUrl, offerHours: config.waitlistOfferHours };
  const orders = createTicketOrdersRepository(db, waitlistSettings);
  // A priced order holds its tickets while the card is paid, as long as any other checkout's hold.
  const card = deps.payments.available
    ? { holdMinutes: CHECKOUT_HOLD_MINUTES, maxUnpaid: config.unpaidHolds.perEmail }
    : null;
  // Said once at start: a priced order is then confirmed unpaid, a reservation paid at the door.
  // In development, where no Stripe keys is the usual state, it is information, not a warning.
  if (!card && config.env === "development") logger.info(PAY_AT_DOOR_WARNING);
  else if (!card) logger.warn(PAY_AT_DOOR_WARNING);
  const tickets = createTicketsService(
    createTicketsRepository(db, pool, config.shows.defaultTimeZone, waitlistSettings),
    {
      tokens,
      card,
    },
  );
  const payments = createTicketPaymentsService({
    repository: orders,
    payments: deps.payments,
    messages,
    logger,
    onRefundDue: runSoon,
  });
  const cancellations = createTicketCancellationsService({
    repository: orders,
    payments: deps.payments,
    messages,
    logger,
    runSoon,
  });
  const documents = createTicketDocumentsService(orders, tokens, deps.documents, config.shows.defaultTimeZone);

  return {
    tickets,
    payments,
    cancellations,
    documents,
    promoCodes: createTicketPromoCodesService(db),
    waitlist: createTicketWaitlistService(db, waitlistSettings, logger),
    orders: { listForEvent: (id: string) => orders.listForEvent(id) },
  };
}

export type TicketServices = ReturnType<typeof createTicketServices>;
