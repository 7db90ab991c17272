import { useState } from "react";
import type { Event } from "@shared/events";
import type { TicketPurchaseResult } from "@shared/tickets";

/** A purchase just made, as its confirmation card shows it. */
export interface PurchasedTickets {
  /** Who bought it: a card left in this tab never shows to someone who signs in after. */
  userId: string;
  order: Pick<TicketPurchaseResult, "id" | "quantity" | "totalAmount" | "status" | "paidAt" | "confirmationCode">;
  event: Pick<Event, "name" | "artist" | "date" | "time" | "venue" | "timeZone">;
}

const STORAGE_KEY = "label-records:last-purchase";

function stored(): PurchasedTickets | null {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "null") as PurchasedTickets | null;
    return typeof value?.order?.confirmationCode === "string" && typeof value.event?.name === "string" ? value : null;
  } catch {
    return null;
  }
}

function store(purchase: PurchasedTickets | null) {
  try {
    if (purchase) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(purchase));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, full): the card still shows until the page is left.
  }
}

/**
 * The last purchase's confirmation on Event Tickets. It stays until dismissed, in this tab,
 * so a look at My Tickets and back, or a reload, does not lose it (docs/product.md, "Event
 * Tickets").
 */
export function useLastPurchase(userId: string | undefined) {
  const [purchase, setPurchase] = useState(stored);
  return {
    purchase: purchase && purchase.userId === userId ? purchase : null,
    show(next: PurchasedTickets) {
      store(next);
      setPurchase(next);
    },
    dismiss() {
      store(null);
      setPurchase(null);
    },
  };
}
