import express from "express";
import { createInvoiceSchema, insertInvoiceLineItemSchema } from "@shared/invoices";
import type { AppContext } from "../../context";
import { requireUser } from "../../auth/guards";
import { validate, validateId } from "../../lib/validate";
import { createInvoicesRepository } from "./invoices.repository";
import { createInvoicesService } from "./invoices.service";

/** Signed in, own invoices only: someone else's invoice is "not found" (ARCHITECTURE.md). */
export function createInvoicesRouter({ db }: AppContext) {
  const service = createInvoicesService(createInvoicesRepository(db));
  const router = express.Router();

  router.get("/invoices/my", requireUser, async (req, res) => {
    res.json(await service.listForUser(req.user!.id));
  });

  router.get("/invoices/:id", requireUser, validateId(), async (req, res) => {
    res.json(await service.get(req.user!.id, req.params.id as string));
  });

  router.post("/invoices", requireUser, validate({ body: createInvoiceSchema }), async (req, res) => {
    res.status(201).json(await service.create(req.user!.id, req.body));
  });

  router.post(
    "/invoices/:id/items",
    requireUser,
    validateId(),
    validate({ body: insertInvoiceLineItemSchema }),
    async (req, res) => {
      res.status(201).json(await service.addItem(req.user!.id, req.params.id as string, req.body));
    },
  );

  return router;
}
