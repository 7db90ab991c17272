import express from "express";
import type { AppContext } from "../../context";
import { verifyWebhookEvent } from "../../integrations/stripe";
import { HttpError } from "../../lib/http-error";
import type { StripeWebhookService } from "./stripe-webhook.service";

/**
 * POST /api/stripe/webhook. Mounted before the JSON parser: the signature covers the exact
 * bytes Stripe sent, so the body must stay raw. A bad or missing signature changes nothing.
 */
export function createStripeWebhookRouter(ctx: AppContext, webhook: StripeWebhookService) {
  const router = express.Router({ caseSensitive: true });

  router.post("/stripe/webhook", express.raw({ type: "application/json", limit: "512kb" }), async (req, res) => {
    const secret = ctx.config.stripe?.webhookSecret;
    if (!secret) throw HttpError.unavailable("Stripe webhooks are not configured");
    const signature = req.get("stripe-signature");
    const event = signature && Buffer.isBuffer(req.body) ? verifyWebhookEvent(req.body, signature, secret) : null;
    if (!event) throw HttpError.badRequest("Invalid Stripe signature");
    await webhook.handle(event);
    res.json({ received: true });
  });

  return router;
}
