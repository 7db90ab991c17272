import express, { type Response } from "express";
import {
  markPaidSchema,
  sendInvoiceSchema,
  updateInvoiceSchema,
  type InvoiceDetailResponse,
} from "@shared/invoice-actions";
import {
  createInvoiceSchema,
  insertInvoiceLineItemSchema,
  type InvoiceLineItem,
  type InvoiceResponse,
  type InvoiceWithItemsResponse,
} from "@shared/invoices";
import { requireUser } from "../../auth/guards";
import { asJson } from "../../lib/as-json";
import { HttpError } from "../../lib/http-error";
import { validate, validateId } from "../../lib/validate";
import { invoicesCsv } from "./invoices-csv";
import type { RouteSets } from "../../lib/route-sets";
import type { InvoicesFeature } from "./invoices";
import { NOT_FOUND } from "./invoices.service";

const INVOICE_PDF = "/invoices/:id/pdf";
/** The routes app.ts treats specially (lib/route-sets.ts): a PDF is limited per member. */
export const invoicesRouteSets: RouteSets = { documents: [INVOICE_PDF] };

/**
 * A PATCH never changes the status: each change of status is an action with its own rules,
 * timeline entry and e-mails. Quietly dropping `status` answered 200 for a change that did not
 * happen, so it is refused, naming the routes that do it.
 */
export const STATUS_IN_EDIT_MESSAGE =
  "The status can't be edited. Use POST /api/invoices/{id}/send, /mark-sent, /mark-paid or /cancel instead.";

const refuseStatusField: express.RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (body && typeof body === "object" && "status" in body) {
    throw HttpError.badRequest(STATUS_IN_EDIT_MESSAGE, { status: [STATUS_IN_EDIT_MESSAGE] });
  }
  next();
};

export function sendPdf(res: Response, { pdf, filename }: { pdf: Buffer; filename: string }) {
  res.type("application/pdf").setHeader("Content-Disposition", `attachment; filename="${filename}"`);
  res.setHeader("Cache-Control", "private, no-store");
  res.send(pdf);
}

/** Signed in, own invoices only: someone else's invoice is "not found", so its existence stays private. */
export function createInvoicesRouter({ service, lifecycle, documents, repository }: InvoicesFeature) {
  const router = express.Router({ caseSensitive: true });
  const user = (req: express.Request) => req.user!.id;
  const id = (req: express.Request) => req.params.id as string;

  router.get("/invoices/my", requireUser, async (req, res) => {
    res.json(asJson(await service.listForUser(user(req))) satisfies InvoiceResponse[]);
  });

  router.get("/invoices/export.csv", requireUser, async (req, res) => {
    const csv = invoicesCsv(await repository.listForUser(user(req)));
    res.type("text/csv; charset=utf-8").setHeader("Content-Disposition", 'attachment; filename="invoices.csv"');
    res.setHeader("Cache-Control", "private, no-store");
    res.send(csv);
  });

  router.get("/invoices/:id", requireUser, validateId(), async (req, res) => {
    res.json(asJson(await service.get(user(req), id(req))) satisfies InvoiceDetailResponse);
  });

  router.get(INVOICE_PDF, requireUser, validateId(), async (req, res) => {
    const invoice = await repository.findForUser(id(req), user(req));
    if (!invoice) throw HttpError.notFound(NOT_FOUND);
    sendPdf(res, await documents.pdf(invoice));
  });

  router.post("/invoices", requireUser, validate({ body: createInvoiceSchema }), async (req, res) => {
    res.status(201).json(asJson(await service.create(user(req), req.body)) satisfies InvoiceWithItemsResponse);
  });

  router.patch(
    "/invoices/:id",
    requireUser,
    validateId(),
    refuseStatusField,
    validate({ body: updateInvoiceSchema }),
    async (req, res) => {
      res.json(asJson(await service.update(user(req), id(req), req.body)) satisfies InvoiceWithItemsResponse);
    },
  );

  router.delete("/invoices/:id", requireUser, validateId(), async (req, res) => {
    await service.remove(user(req), id(req));
    res.status(204).end();
  });

  router.post(
    "/invoices/:id/items",
    requireUser,
    validateId(),
    validate({ body: insertInvoiceLineItemSchema }),
    async (req, res) => {
      res.status(201).json(asJson(await service.addItem(user(req), id(req), req.body)) satisfies InvoiceLineItem);
    },
  );

  router.post(
    "/invoices/:id/send",
    requireUser,
    validateId(),
    validate({ body: sendInvoiceSchema }),
    async (req, res) => {
      res.json(asJson(await lifecycle.send(user(req), id(req), req.body)) satisfies InvoiceWithItemsResponse);
    },
  );
  router.post("/invoices/:id/mark-sent", requireUser, validateId(), async (req, res) => {
    res.json(asJson(await lifecycle.markSent(user(req), id(req))) satisfies InvoiceWithItemsResponse);
  });
  router.post(
    "/invoices/:id/mark-paid",
    requireUser,
    validateId(),
    validate({ body: markPaidSchema }),
    async (req, res) => {
      res.json(asJson(await lifecycle.markPaid(user(req), id(req), req.body)) satisfies InvoiceWithItemsResponse);
    },
  );
  router.post("/invoices/:id/cancel", requireUser, validateId(), async (req, res) => {
    res.json(asJson(await lifecycle.cancel(user(req), id(req))) satisfies InvoiceWithItemsResponse);
  });
  router.post("/invoices/:id/duplicate", requireUser, validateId(), async (req, res) => {
    res.status(201).json(asJson(await lifecycle.duplicate(user(req), id(req))) satisfies InvoiceWithItemsResponse);
  });

  return router;
}
