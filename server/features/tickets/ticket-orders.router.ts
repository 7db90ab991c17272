import express from "express";
import { ticketFiles } from "@shared/tickets.api";
import { ticketOrdersContract } from "@shared/tickets";
import { requireUser } from "../../auth/guards";
import { idParams } from "@shared/contract";
import { contractRouter, paramsOf, underApi } from "../../lib/contract-router";
import type { RouteSets } from "../../lib/route-sets";
import type { TicketServices } from "./tickets";

/** The routes app.ts treats specially (lib/route-sets.ts): a PDF is limited per member. */
export const ticketOrdersRouteSets: RouteSets = { documents: [underApi(ticketFiles.pdf.path)] };

/** A ticket's documents (owner or admin) and the administrators' order and event cancellations. */
export function createTicketOrdersRouter(
  { documents, cancellations, orders }: TicketServices,
  { onStockChange }: { onStockChange: () => void },
) {
  // The documents are files, not JSON: they have no contract (shared/api-route.ts, fileRoute).
  const files = express.Router({ caseSensitive: true });

  files.get(underApi(ticketFiles.pdf.path), requireUser, async (req, res) => {
    const { filename, content } = await documents.pdf(paramsOf(idParams, req).id, req.user!);
    res.set({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
    res.send(content);
  });

  files.get(underApi(ticketFiles.calendar.path), requireUser, async (req, res) => {
    const { filename, content } = await documents.calendar(paramsOf(idParams, req).id, req.user!);
    res.set({
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
    res.send(content);
  });

  files.use(
    contractRouter(ticketOrdersContract, {
      cancel: async ({ params }) => {
        const { id, status, quantity, eventId } = await cancellations.cancelOrder(params.id);
        onStockChange();
        return { status: 200, body: { id, status, quantity, eventId } };
      },
      eventOrders: async ({ params }) => ({ status: 200, body: await orders.listForEvent(params.id) }),
      // The event is cancelled at once; its orders are cancelled and refunded by a job (202).
      cancelEvent: async ({ params }) => {
        await cancellations.cancelEvent(params.id);
        onStockChange();
        return { status: 202, body: { status: "cancelled" } };
      },
    }),
  );
  return files;
}
