import { fileRoute, route } from "./api-route";

/**
 * An order after it is paid. The admins': one order, shipping lines, approving or
 * rejecting a return, cancelling, refunding units that will not ship; the list with `?status=&q=` is merchandiseOrdersApi.list, given that query. The
 * buyer's: the order page and its return request, by the signed token of the order's link.
 * Their schemas are in shared/merchandise-fulfilment.ts. The files are registered before
 * `/:id`, which would otherwise take "export.csv" for an id.
 */
export const merchandiseFulfilmentApi = {
  get: route("GET", "/api/merchandise-orders/:id", "admin"),
  ship: route("POST", "/api/merchandise-orders/:id/fulfilments", "admin"),
  approveReturn: route("POST", "/api/merchandise-orders/:id/returns", "admin"),
  rejectReturn: route("POST", "/api/merchandise-orders/:id/returns/:returnId/reject", "admin"),
  cancel: route("POST", "/api/merchandise-orders/:id/cancel", "admin"),
  refundUnshipped: route("POST", "/api/merchandise-orders/:id/refunds", "admin"),
  orderPage: route("GET", "/api/orders/:token", "public"),
  requestReturn: route("POST", "/api/orders/:token/returns", "public"),
};

export const merchandiseOrderFiles = {
  export: fileRoute("/api/merchandise-orders/export.csv", "admin", {
    summary: "The orders' lines as a spreadsheet (`?status=unshipped`: what is left to ship)",
    errors: [400],
  }),
  packingSlip: fileRoute("/api/merchandise-orders/:id/packing-slip.pdf", "admin", {
    summary: "An order's packing slip as a PDF",
  }),
};
