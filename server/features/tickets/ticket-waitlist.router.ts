import express from "express";
import { idParams } from "@shared/contract";
import { ticketWaitlistContract } from "@shared/ticket-waitlist";
import { ticketWaitlistFiles } from "@shared/ticket-waitlist.api";
import { requireAdmin } from "../../auth/guards";
import { contractRouter, paramsOf, underApi } from "../../lib/contract-router";
import type { TicketWaitlistService } from "./ticket-waitlist.service";

/** A sold-out event's waiting list (docs/product.md, "Waiting list"). */
export function createTicketWaitlistRouter(
  waitlist: TicketWaitlistService,
  { onStockChange }: { onStockChange: () => void },
) {
  const files = express.Router({ caseSensitive: true });
  files.get(underApi(ticketWaitlistFiles.csv.path), requireAdmin, async (req, res) => {
    const { filename, content } = await waitlist.csv(paramsOf(idParams, req).id);
    res.set({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
    res.send(content);
  });
  files.use(
    contractRouter(ticketWaitlistContract, {
      join: async ({ params, body, user }) => ({ status: 201, body: await waitlist.join(params.id, body, user?.id) }),
      leave: async ({ params }) => {
        await waitlist.leave(params.token);
        onStockChange();
        return { status: 204, body: null };
      },
      list: async ({ params }) => ({ status: 200, body: await waitlist.list(params.id) }),
      offer: async ({ params }) => ({ status: 200, body: await waitlist.offerNow(params.id) }),
      remove: async ({ params }) => {
        await waitlist.remove(params.id);
        onStockChange();
        return { status: 204, body: null };
      },
    }),
  );
  return files;
}
