import type pg from "pg";
import type { NewAdminMessage, NewOutboxMessage } from "@shared/outbox";
import type { Database, Transaction } from "../../db/database";
import type { CartDownloads } from "../../lib/cart-downloads";
import type { CheckoutPayments } from "../../lib/checkout-payments";
import type { createKeyedQueue } from "../../lib/keyed-queue";
import type { Logger } from "../../lib/logger";
import type { SignedTokens } from "../../lib/signed-token";
import type { UnpaidHoldLimits } from "../../lib/unpaid-holds";

/**
 * What the shop needs from the outbox, passed in by features/index.ts: queue e-mails (to a
 * buyer, a fan, or the administrators) inside the transaction of the change they report, and
 * ask for delivery once it has committed.
 */
export interface ShopMessages {
  queue(tx: Transaction, messages: NewOutboxMessage[]): Promise<unknown>;
  queueToAdmins(tx: Transaction, message: NewAdminMessage): Promise<unknown>;
  deliverSoon(): void;
}

/**
 * Everything the shop's functions are handed: built once by createShopFeature (shop.ts). Each
 * function takes the part it needs (a Pick of this), so a test or a caller can see its inputs.
 */
export interface ShopDeps {
  db: Database;
  /** The pool `db` runs on: the checkout's prepared statements go to it directly. */
  pool: pg.Pool;
  logger: Logger;
  payments: CheckoutPayments;
  messages: ShopMessages;
  /** The site's address, for the links in e-mails. */
  appUrl: string;
  unpaidHolds: UnpaidHoldLimits;
  /** Signs the order page's link (`/orders/{token}`). */
  orderTokens: SignedTokens;
  /** This instance's turns at placing orders, per variant (checkout/place-order.ts). */
  placementTurns: ReturnType<typeof createKeyedQueue>;
  /** The music store's downloads a cart sells beside goods. */
  downloads: CartDownloads;
}
