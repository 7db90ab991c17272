import express from "express";
import type { CancelledEventResponse, CancelledTicketOrderResponse, EventOrderResponse } from "@shared/tickets";
import { requireAdmin, requireUser } from "../../auth/guards";
import type { RouteSets } from "../../lib/route-sets";
import { validateId } from "../../lib/validate";
import { eventOrder } from "./ticket-responses";
import type { TicketServices } from "./tickets";

const TICKET_PDF = "/tickets/:id/pdf";
/** The routes app.ts treats specially (lib/route-sets.ts): a PDF is limited per member. */
export const ticketOrdersRouteSets: RouteSets = { documents: [TICKET_PDF] };

/** A ticket's documents (owner or admin) and the administrators' order and event cancellations. */
export function createTicketOrdersRouter(
  { documents, cancellations, orders }: TicketServices,
  { onStockChange }: { onStockChange: () => void },
) {
  const router = express.Router({ caseSensitive: true });

  router.get(TICKET_PDF, requireUser, validateId(), async (req, res) => {
    const { filename, content } = await documents.pdf(req.params.id as string, req.user!);
    res.set({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
    res.send(content);
  });

  router.get("/tickets/:id/calendar.ics", requireUser, validateId(), async (req, res) => {
    const { filename, content } = await documents.calendar(req.params.id as string, req.user!);
    res.set({
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
    res.send(content);
  });

  router.post("/tickets/:id/cancel", requireAdmin, validateId(), async (req, res) => {
    const { id, status, quantity, eventId } = await cancellations.cancelOrder(req.params.id as string);
    onStockChange();
    res.json({ id, status, quantity, eventId } satisfies CancelledTicketOrderResponse);
  });

  router.get("/events/:id/orders", requireAdmin, validateId(), async (req, res) => {
    res.json((await orders.listForEvent(req.params.id as string)).map(eventOrder) satisfies EventOrderResponse[]);
  });

  // The event is cancelled at once; its orders are cancelled and refunded by a job (202).
  router.post("/events/:id/cancel", requireAdmin, validateId(), async (req, res) => {
    await cancellations.cancelEvent(req.params.id as string);
    onStockChange();
    res.status(202).json({ status: "cancelled" } satisfies CancelledEventResponse);
  });

  return router;
}
