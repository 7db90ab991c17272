// The values the invoices table stores in its enumerated columns. The table and the contract
// both read them from here, so neither imports the other.

/** What the status column holds (docs/decisions/016-invoice-lifecycle.md). */
export const INVOICE_STORED_STATUSES = ["draft", "sent", "paid", "cancelled"] as const;

export type StoredInvoiceStatus = (typeof INVOICE_STORED_STATUSES)[number];

/** Tax is a flat amount (the default) or a percentage of the subtotal. */
export const TAX_MODES = ["amount", "percent"] as const;

export type TaxMode = (typeof TAX_MODES)[number];
