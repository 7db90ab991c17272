import express, { type RequestHandler } from "express";
import { z } from "zod";
import type { ClientSecretResponse } from "@shared/vendor-bookings";
import type { PublicInvoicePaymentResponse, PublicInvoiceResponse } from "@shared/invoice-actions";
import { asJson } from "../../lib/as-json";
import { markPageNotFound } from "../../lib/page-status";
import type { RouteSets } from "../../lib/route-sets";
import { validate } from "../../lib/validate";
import type { InvoicesFeature } from "./invoices";
import { sendPdf } from "./invoices.router";

const PUBLIC_INVOICE = "/public/invoices/:token";
/** The routes app.ts treats specially (lib/route-sets.ts): everything under a public link is rate-limited. */
export const publicInvoicesRouteSets: RouteSets = {
  publicLinks: [PUBLIC_INVOICE],
  documents: [`${PUBLIC_INVOICE}/pdf`],
};

const tokenParams = z.object({ token: z.string().max(200) });
const completePaymentSchema = z.object({ paymentIntentId: z.string().min(1).max(255) });

/** Signed out: the invoice behind a public link, its PDF and card payment (rate-limited per address, see publicInvoicesRouteSets). */
export function createPublicInvoicesRouter({ publicInvoices, cardPayments }: InvoicesFeature) {
  const router = express.Router({ caseSensitive: true });
  const token = (req: express.Request) => req.params.token as string;

  router.get(PUBLIC_INVOICE, validate({ params: tokenParams }), async (req, res) => {
    res.setHeader("Cache-Control", "private, no-store");
    res.json(asJson(await publicInvoices.view(token(req), req.user?.id)) satisfies PublicInvoiceResponse);
  });

  router.get(`${PUBLIC_INVOICE}/pdf`, validate({ params: tokenParams }), async (req, res) => {
    sendPdf(res, await publicInvoices.pdf(token(req), req.user?.id));
  });

  router.post(`${PUBLIC_INVOICE}/payment-intent`, validate({ params: tokenParams }), async (req, res) => {
    res.json((await cardPayments.start(token(req), req.user?.id)) satisfies ClientSecretResponse);
  });

  router.post(
    `${PUBLIC_INVOICE}/complete`,
    validate({ params: tokenParams, body: completePaymentSchema }),
    async (req, res) => {
      res.json(
        (await cardPayments.complete(
          token(req),
          req.body.paymentIntentId,
          req.user?.id,
        )) satisfies PublicInvoicePaymentResponse,
      );
    },
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
    if (!(await publicInvoices.opens(req.params.token as string, req.user?.id))) markPageNotFound(res);
    next();
  };
}
