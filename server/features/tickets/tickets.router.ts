import express from "express";
import { purchaseTicketsSchema } from "@shared/tickets";
import type { AppContext } from "../../context";
import { requireUser } from "../../auth/guards";
import { validate } from "../../lib/validate";
import { createTicketsRepository } from "./tickets.repository";
import { createTicketsService } from "./tickets.service";

/** Buying tickets and listing one's own purchases (SPEC.md 2.7, issue 5). */
export function createTicketsRouter({ db }: AppContext, { onPurchase }: { onPurchase: () => void }) {
  const service = createTicketsService(createTicketsRepository(db));
  const router = express.Router();

  router.post("/tickets", requireUser, validate({ body: purchaseTicketsSchema }), async (req, res) => {
    const purchase = await service.purchase(req.user!.id, req.body);
    onPurchase(); // the events list shows the tickets left
    res.status(201).json(purchase);
  });

  router.get("/tickets/my", requireUser, async (req, res) => {
    res.json(await service.listForUser(req.user!.id));
  });

  return router;
}
