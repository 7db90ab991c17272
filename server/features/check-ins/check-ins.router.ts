import express from "express";
import {
  checkInSchema,
  checkInSearchSchema,
  type CheckInResponse,
  type CheckInSearch,
  type CheckInSearchResponse,
  type CheckInSummaryResponse,
} from "@shared/check-ins";
import type { AppContext } from "../../context";
import { requireAdmin } from "../../auth/guards";
import type { SignedTokens } from "../../lib/signed-token";
import { validate, validateId } from "../../lib/validate";
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

  router.post("/check-ins", requireAdmin, validate({ body: checkInSchema }), async (req, res) => {
    res.json((await service.checkIn(req.user!.id, req.body)) satisfies CheckInResponse);
  });

  router.get("/check-ins/search", requireAdmin, validate({ query: checkInSearchSchema }), async (_req, res) => {
    res.json((await service.search(res.locals.query as CheckInSearch)) satisfies CheckInSearchResponse);
  });

  router.get("/events/check-in-summaries", requireAdmin, async (_req, res) => {
    res.json((await service.summaries()) satisfies CheckInSummaryResponse[]);
  });

  router.get("/events/:id/check-in-summary", requireAdmin, validateId(), async (req, res) => {
    res.json((await service.summary(req.params.id as string)) satisfies CheckInSummaryResponse);
  });

  router.get("/events/:id/attendees.csv", requireAdmin, validateId(), async (req, res) => {
    const { filename, body } = await service.attendeesCsv(req.params.id as string);
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
