import { fileRoute, route } from "./api-route";

/**
 * A member's own invoices: every route is for the signed-in owner, and someone else's invoice
 * reads "not found". Their schemas: invoicesContract in shared/invoice-actions.ts (beside the
 * action rules it uses). "/api/invoices/my" comes before "/:id", which it would otherwise match.
 */
export const invoicesApi = {
  my: route("GET", "/api/invoices/my", "member"),
  get: route("GET", "/api/invoices/:id", "member"),
  create: route("POST", "/api/invoices", "member"),
  update: route("PATCH", "/api/invoices/:id", "member"),
  remove: route("DELETE", "/api/invoices/:id", "member"),
  addItem: route("POST", "/api/invoices/:id/items", "member"),
  send: route("POST", "/api/invoices/:id/send", "member"),
  markSent: route("POST", "/api/invoices/:id/mark-sent", "member"),
  markPaid: route("POST", "/api/invoices/:id/mark-paid", "member"),
  cancel: route("POST", "/api/invoices/:id/cancel", "member"),
  duplicate: route("POST", "/api/invoices/:id/duplicate", "member"),
};

/**
 * The invoice behind a public link (/pay/<token>), for anyone holding it, and its card payment.
 * Their schemas: publicInvoicesContract in shared/invoice-actions.ts.
 */
export const publicInvoicesApi = {
  view: route("GET", "/api/public/invoices/:token", "public"),
  paymentIntent: route("POST", "/api/public/invoices/:token/payment-intent", "public"),
  complete: route("POST", "/api/public/invoices/:token/complete", "public"),
};

/** The invoices' files: downloaded as links, not JSON, so they have no contract. */
export const invoiceFiles = {
  /** The member's invoices as a spreadsheet. */
  csv: fileRoute("/api/invoices/export.csv", "member", { summary: "The member's invoices as a spreadsheet" }),
  pdf: fileRoute("/api/invoices/:id/pdf", "member", { summary: "One of the member's invoices as a PDF" }),
  publicPdf: fileRoute("/api/public/invoices/:token/pdf", "public", {
    summary: "An invoice's PDF through its signed public link",
  }),
};
