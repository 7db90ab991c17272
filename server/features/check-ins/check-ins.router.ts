import express from "express";
import { checkInFiles } from "@shared/check-ins.api";
import { checkInsContract } from "@shared/check-ins";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import { idParams } from "@shared/contract";
import { contractRouter, paramsOf, underApi } from "../../lib/contract-router";
import type { SignedTokens } from "../../lib/signed-token";
import { createAttendanceRepository } from "./attendance.repository";
import { createCheckInsRepository } from "./check-ins.repository";
import { createCheckInsService } from "./check-ins.service";

/**
 * Checking tickets at the door (docs/product.md, "Check-in"): administrators only. A POST
 * here passes the app's same-origin check like every other change.
 */
export function createCheckInsRouter({ db, config }: AppContext, { ticketTokens }: { ticketTokens: SignedTokens }) {
  const service = createCheckInsService(
    createCheckInsRepository(db, config.shows.defaultTimeZone),
    createAttendanceRepository(db),
    ticketTokens,
  );
  const router = express.Router({ caseSensitive: true });

  router.use(
    contractRouter(checkInsContract, {
      checkIn: async ({ user, body }) => ({ status: 200, body: await service.checkIn(user.id, body) }),
      search: async ({ query }) => ({ status: 200, body: await service.search(query) }),
      summaries: async () => ({ status: 200, body: await service.summaries() }),
      summary: async ({ params }) => ({ status: 200, body: await service.summary(params.id) }),
    }),
  );

  // The attendee list is a file, not JSON: it has no contract (shared/api-route.ts, fileRoute).
  router.get(underApi(checkInFiles.attendees.path), requireAdmin, async (req, res) => {
    const { filename, body } = await service.attendeesCsv(paramsOf(idParams, req).id);
    // A download of buyers' personal data: never cached by the browser or a proxy.
    // The file name holds only letters, digits and dashes, so it is quoted as it is.
    res.set({
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": `attachment; filename="${filename}"`,
    });
    res.type("text/csv; charset=utf-8").send(body);
  });

  return router;
}
