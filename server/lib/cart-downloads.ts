// What the shop's cart asks of the music store for the downloads it sells beside goods
// (docs/decisions/055-downloads-in-the-cart.md). The store implements it
// (features/store/cart-downloads.ts); features/index.ts hands it to the shop, since features
// never import each other.
import type { DigitalLine } from "@shared/merchandise-checkout";
import type { StorePurchaseStatus } from "@shared/store.values";
import type { Executor, Transaction } from "../db/database";

/** One download of a cart, priced by the store: the amount and its digital tax, in cents. */
export interface PricedDownload {
  releaseId: string;
  trackId: string | null;
  title: string;
  artist: string;
  coverUrl: string | null;
  amountCents: number;
  taxCents: number;
}

export interface PricedDownloads {
  lines: PricedDownload[];
  /** The buyer's country's digital rate in percent; null when the label set none (no tax). */
  rate: string | null;
  subtotalCents: number;
  taxCents: number;
}

/** A download as an order's answers show it; its link only while it downloads. */
export interface OrderDownload {
  orderId: string;
  title: string;
  artist: string;
  amount: string;
  tax: string;
  status: StorePurchaseStatus;
  downloadPath: string | null;
}

export interface CartDownloads {
  /** 404 for a release not on sale; 400 naming `digital.N.…` for a bad track or a price below the minimum. */
  price(db: Executor, lines: DigitalLine[], country: string): Promise<PricedDownloads>;
  /** Records them as the order's pending purchases, in the transaction that placed it. */
  hold(tx: Transaction, orderId: string, email: string, priced: PricedDownloads): Promise<void>;
  /** The order's PaymentIntent pays for its downloads too. */
  attachIntent(db: Executor, orderId: string, paymentIntentId: string): Promise<void>;
  /** An order Stripe never started a payment for goes, and its pending downloads first. */
  drop(tx: Executor, orderId: string): Promise<void>;
  /** The order is paid: its downloads are, and their links are e-mailed (in `tx`). How many. */
  settle(tx: Transaction, orderId: string): Promise<number>;
  /** The order's whole payment went back: its downloads stop downloading, their lines are returned. */
  refund(tx: Transaction, orderId: string): Promise<void>;
  ofOrders(db: Executor, orderIds: string[]): Promise<OrderDownload[]>;
}
