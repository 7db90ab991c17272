import express, { type Response } from "express";
import { idParams } from "@shared/contract";
import { invoicesContract } from "@shared/invoice-actions";
import { invoiceFiles } from "@shared/invoices.api";
import { requireUser } from "../../auth/guards";
import { contractRouter, paramsOf, underApi } from "../../lib/contract-router";
import { HttpError } from "../../lib/http-error";
import { invoicesCsv } from "./invoices-csv";
import type { RouteSets } from "../../lib/route-sets";
import type { InvoicesFeature } from "./invoices";
import { NOT_FOUND } from "./invoices.service";

/** The routes app.ts treats specially (lib/route-sets.ts): a PDF is limited per member. */
export const invoicesRouteSets: RouteSets = { documents: [underApi(invoiceFiles.pdf.path)] };

/**
 * A PATCH never changes the status: each change of status is an action with its own rules,
 * timeline entry and e-mails. Quietly dropping `status` answered 200 for a change that did not
 * happen, so it is refused, naming the routes that do it.
 */
export const STATUS_IN_EDIT_MESSAGE =
  "The status can't be edited. Use POST /api/invoices/{id}/send, /mark-sent, /mark-paid or /cancel instead.";

function refuseStatusField(body: unknown) {
  if (body && typeof body === "object" && "status" in body) {
    throw HttpError.badRequest(STATUS_IN_EDIT_MESSAGE, { status: [STATUS_IN_EDIT_MESSAGE] });
  }
}

export function sendPdf(res: Response, { pdf, filename }: { pdf: Buffer; filename: string }) {
  res.type("application/pdf").setHeader("Content-Disposition", `attachment; filename="${filename}"`);
  res.setHeader("Cache-Control", "private, no-store");
  res.send(pdf);
}

/** Signed in, own invoices only: someone else's invoice is "not found", so its existence stays private. */
export function createInvoicesRouter({ service, lifecycle, documents, repository }: InvoicesFeature) {
  const router = express.Router({ caseSensitive: true });

  // The files first: "export.csv" would otherwise be read as an invoice's id.
  router.get(underApi(invoiceFiles.csv.path), requireUser, async (req, res) => {
    const csv = invoicesCsv(await repository.listForUser(req.user!.id));
    res.type("text/csv; charset=utf-8").setHeader("Content-Disposition", 'attachment; filename="invoices.csv"');
    res.setHeader("Cache-Control", "private, no-store");
    res.send(csv);
  });

  router.get(underApi(invoiceFiles.pdf.path), requireUser, async (req, res) => {
    const invoice = await repository.findForUser(paramsOf(idParams, req).id, req.user!.id);
    if (!invoice) throw HttpError.notFound(NOT_FOUND);
    sendPdf(res, await documents.pdf(invoice));
  });

  router.use(
    contractRouter(invoicesContract, {
      my: async ({ user }) => ({ status: 200, body: await service.listForUser(user.id) }),
      get: async ({ params, user }) => ({ status: 200, body: await service.get(user.id, params.id) }),
      create: async ({ body, user }) => ({ status: 201, body: await service.create(user.id, body) }),
      update: async ({ params, body, user, req }) => {
        // The parsed body has dropped unknown fields; the status is looked for in what was sent.
        refuseStatusField(req.body);
        return { status: 200, body: await service.update(user.id, params.id, body) };
      },
      remove: async ({ params, user }) => {
        await service.remove(user.id, params.id);
        return { status: 204 };
      },
      addItem: async ({ params, body, user }) => ({
        status: 201,
        body: await service.addItem(user.id, params.id, body),
      }),
      send: async ({ params, body, user }) => ({ status: 200, body: await lifecycle.send(user.id, params.id, body) }),
      markSent: async ({ params, user }) => ({ status: 200, body: await lifecycle.markSent(user.id, params.id) }),
      markPaid: async ({ params, body, user }) => ({
        status: 200,
        body: await lifecycle.markPaid(user.id, params.id, body),
      }),
      cancel: async ({ params, user }) => ({ status: 200, body: await lifecycle.cancel(user.id, params.id) }),
      duplicate: async ({ params, user }) => ({ status: 201, body: await lifecycle.duplicate(user.id, params.id) }),
    }),
  );

  return router;
}
