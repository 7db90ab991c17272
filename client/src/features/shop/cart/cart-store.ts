import { useSyncExternalStore } from "react";
import { downloadKey, readDownloadLines, type DownloadKey, type DownloadLine } from "./download-lines";

/**
 * The shop's cart, kept in this browser's localStorage so it survives reloads, for visitors and
 * members alike. For a signed-in member it is also the server's saved cart (member-cart-sync.ts
 * merges the two at sign-in and saves every change), so it follows them to another device. A
 * line carries what the drawer shows; the server prices every order again from its own database.
 * Goods lines and downloads (download-lines.ts) are kept apart, each under its own key.
 */
export interface CartLine {
  variantId: string;
  merchandiseId: string;
  name: string;
  /** The variant's option values ("M / Black"); "" for an item without options. */
  optionsLabel: string;
  /** The price shown when it was added (the checkout's quote is the one that counts). */
  price: string;
  quantity: number;
  /** The item's per-order maximum. */
  maxPerOrder: number;
  /** A pre-order's first shipping day, or null. */
  shipsFrom: string | null;
  /**
   * The variant's stock as last seen (when added, or from a checkout's "Only {n} left"): a line
   * never holds more. Unknown for a line saved before it was kept.
   */
  stock?: number;
}

export const CART_STORAGE_KEY = "label-shop-cart";
/**
 * The downloads have a key of their own, so the goods' key keeps the shape it always had: a cart
 * stored before downloads existed loads as it was, and an older tab still reads the goods.
 */
export const DOWNLOADS_STORAGE_KEY = "label-shop-cart-downloads";
/** At most this many different variants, and as many downloads, as the server takes. */
const MAX_LINES = 50;

interface CartState {
  lines: CartLine[];
  downloads: DownloadLine[];
  open: boolean;
}

function isLine(value: unknown): value is CartLine {
  if (typeof value !== "object" || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.variantId === "string" &&
    typeof line.merchandiseId === "string" &&
    typeof line.name === "string" &&
    typeof line.price === "string" &&
    Number.isInteger(line.quantity) &&
    (line.quantity as number) > 0
  );
}

function loadDownloads(): DownloadLine[] {
  try {
    return readDownloadLines(JSON.parse(window.localStorage.getItem(DOWNLOADS_STORAGE_KEY) ?? "[]"));
  } catch {
    return [];
  }
}

function load(): CartLine[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? "[]");
    return Array.isArray(stored)
      ? stored.filter(isLine).map((line) => ({
          ...line,
          optionsLabel: typeof line.optionsLabel === "string" ? line.optionsLabel : "",
          maxPerOrder: Number.isInteger(line.maxPerOrder) && line.maxPerOrder > 0 ? line.maxPerOrder : 10,
          shipsFrom: typeof line.shipsFrom === "string" ? line.shipsFrom : null,
          stock: Number.isInteger(line.stock) && (line.stock as number) >= 0 ? line.stock : undefined,
        }))
      : [];
  } catch {
    // Storage turned off or a damaged entry: start with an empty cart.
    return [];
  }
}

let state: CartState | null = null;
const listeners = new Set<() => void>();

function current(): CartState {
  state ??= { lines: load(), downloads: loadDownloads(), open: false };
  return state;
}

function store(key: string, value: unknown) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or turned off: the cart still works until the page is left.
  }
}

function update(next: Partial<CartState>) {
  const before = current();
  state = { ...before, ...next };
  if (next.lines) store(CART_STORAGE_KEY, next.lines);
  if (next.downloads) store(DOWNLOADS_STORAGE_KEY, next.downloads);
  listeners.forEach((listener) => listener());
}

/** Calls `listener` after every change of the cart (this tab or another); returns the way to stop. */
export function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== DOWNLOADS_STORAGE_KEY) return;
    state = { ...current(), lines: load(), downloads: loadDownloads() };
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The most a line may hold: the item's per-order maximum, or the stock when that is lower. */
export function lineLimit(line: Pick<CartLine, "maxPerOrder" | "stock">): number {
  return Math.max(1, Math.min(line.maxPerOrder, line.stock ?? line.maxPerOrder));
}

/** "Only 2 left" when the stock, not the per-order maximum, is what holds the line back. */
export function stockNote(line: Pick<CartLine, "maxPerOrder" | "stock" | "quantity">): string | null {
  return line.stock !== undefined && line.stock < line.maxPerOrder && line.quantity >= line.stock
    ? `Only ${line.stock} left`
    : null;
}

/** What the cart's button counts: every unit of goods, and each download once. */
export function cartCount({
  lines,
  downloads,
}: {
  lines: readonly CartLine[];
  downloads: readonly DownloadLine[];
}): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0) + downloads.length;
}

const clamp = (quantity: number, line: Pick<CartLine, "maxPerOrder" | "stock">) =>
  Math.max(1, Math.min(Math.floor(quantity), lineLimit(line)));

export const cart = {
  /** Adds the variant (or more of it), up to its per-order maximum, and opens the drawer when asked. */
  add(line: Omit<CartLine, "quantity">, quantity = 1, { open = false } = {}) {
    const lines = current().lines;
    const existing = lines.find((l) => l.variantId === line.variantId);
    const next = existing
      ? lines.map((l) => (l === existing ? { ...l, ...line, quantity: clamp(l.quantity + quantity, line) } : l))
      : lines.length >= MAX_LINES
        ? lines
        : [...lines, { ...line, quantity: clamp(quantity, line) }];
    update({ lines: next, ...(open ? { open: true } : {}) });
  },
  setQuantity(variantId: string, quantity: number) {
    if (!Number.isFinite(quantity)) return;
    update({
      lines: current().lines.map((l) => (l.variantId === variantId ? { ...l, quantity: clamp(quantity, l) } : l)),
    });
  },
  /**
   * The stock the server answered for a variant (a checkout's "Only {n} left"): the line may hold
   * no more from now on; what it holds stays, for the buyer to lower beside the message.
   */
  setStock(variantId: string, stock: number) {
    update({ lines: current().lines.map((l) => (l.variantId === variantId ? { ...l, stock } : l)) });
  },
  remove(variantId: string) {
    update({ lines: current().lines.filter((l) => l.variantId !== variantId) });
  },
  /**
   * Adds a release or a track; the same one added again replaces its line (a new named amount),
   * where it stood. The drawer opens when asked.
   */
  addDownload(line: DownloadLine, { open = false } = {}) {
    const downloads = current().downloads;
    const key = downloadKey(line);
    const next = downloads.some((l) => downloadKey(l) === key)
      ? downloads.map((l) => (downloadKey(l) === key ? line : l))
      : downloads.length >= MAX_LINES
        ? downloads
        : [...downloads, line];
    update({ downloads: next, ...(open ? { open: true } : {}) });
  },
  removeDownload(line: DownloadKey) {
    const key = downloadKey(line);
    update({ downloads: current().downloads.filter((l) => downloadKey(l) !== key) });
  },
  clear() {
    update({ lines: [], downloads: [] });
  },
  /** The lines as they are now. */
  lines(): readonly CartLine[] {
    return current().lines;
  },
  /** The downloads as they are now. */
  downloads(): readonly DownloadLine[] {
    return current().downloads;
  },
  /**
   * Replaces every line (the member's saved cart merged in), each within its per-order maximum,
   * and the downloads when given.
   */
  replace(lines: readonly CartLine[], downloads?: readonly DownloadLine[]) {
    update({
      lines: lines.slice(0, MAX_LINES).map((line) => ({ ...line, quantity: clamp(line.quantity, line) })),
      ...(downloads ? { downloads: downloads.slice(0, MAX_LINES) } : {}),
    });
  },
  setOpen(open: boolean) {
    update({ open });
  },
  /** For tests: forget what was read, so the next read comes from storage again (a reload). */
  reload() {
    state = null;
    listeners.forEach((listener) => listener());
  },
};

/** The cart's lines, its downloads and whether its drawer is open, re-rendering on every change (this tab or another). */
export function useCart(): CartState {
  return useSyncExternalStore(subscribe, current, current);
}
