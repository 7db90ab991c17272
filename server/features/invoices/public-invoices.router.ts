import express, { type RequestHandler } from "express";
import { publicInvoicesContract, publicInvoiceTokenParams } from "@shared/invoice-actions";
import { invoiceFiles, publicInvoicesApi } from "@shared/invoices.api";
import { contractRouter, underApi } from "../../lib/contract-router";
import { HttpError } from "../../lib/http-error";
import { markPageNotFound } from "../../lib/page-status";
import type { RouteSets } from "../../lib/route-sets";
import type { InvoicesFeature } from "./invoices";
import { sendPdf } from "./invoices.router";

const PUBLIC_INVOICE = underApi(publicInvoicesApi.view.path);
/** The routes app.ts treats specially (lib/route-sets.ts): everything under a public link is rate-limited. */
export const publicInvoicesRouteSets: RouteSets = {
  publicLinks: [PUBLIC_INVOICE],
  documents: [underApi(invoiceFiles.publicPdf.path)],
};

/** Signed out: the invoice behind a public link, its PDF and card payment (rate-limited per address, see publicInvoicesRouteSets). */
export function createPublicInvoicesRouter({ publicInvoices, cardPayments }: InvoicesFeature) {
  const router = express.Router({ caseSensitive: true });

  router.get(underApi(invoiceFiles.publicPdf.path), async (req, res) => {
    // Read as the JSON routes read the token: one that cannot be a link opens nothing (404).
    const parsed = publicInvoiceTokenParams.safeParse(req.params);
    if (!parsed.success) throw HttpError.notFound();
    sendPdf(res, await publicInvoices.pdf(parsed.data.token, req.user?.id));
  });

  router.use(
    contractRouter(publicInvoicesContract, {
      view: async ({ params, user, res }) => {
        res.setHeader("Cache-Control", "private, no-store");
        return { status: 200, body: await publicInvoices.view(params.token, user?.id) };
      },
      paymentIntent: async ({ params, user }) => ({
        status: 200,
        body: await cardPayments.start(params.token, user?.id),
      }),
      complete: async ({ params, body, user }) => ({
        status: 200,
        body: await cardPayments.complete(params.token, body.paymentIntentId, user?.id),
      }),
    }),
  );

  return router;
}

/**
 * For the /pay/<token> page itself (mounted on PUBLIC_INVOICE_ROUTE): a link that opens no
 * invoice for this visitor (forged, altered, unknown, or a draft that is not theirs) gets the
 * 404 page with status 404 from the server, not a page that says so only once its script ran.
 * It decides as the data call does, so it needs the visitor: app.ts reads the session for this
 * page (PAGES_WITH_SESSION in features/index.ts).
 */
export function checkPublicInvoicePage({ publicInvoices }: InvoicesFeature): RequestHandler {
  return async (req, res, next) => {
    const { token } = req.params;
    if (typeof token !== "string" || !(await publicInvoices.opens(token, req.user?.id))) markPageNotFound(res);
    next();
  };
}
