import { z } from "zod";

/**
 * GET /api/config: runtime settings, read from the server rather than baked into the build so
 * one build serves every environment.
 */
export const appConfigSchema = z
  .object({
    /** null: Stripe is not configured, and the checkouts say payments are unavailable. */
    stripePublishableKey: z.string().nullable(),
    /** Whether a master code is configured, so "Enter master code" can work. */
    masterCodeEnabled: z.boolean(),
    /** How often the landing asks whether a stream is live. */
    liveStreamPollMs: z.int(),
    /** The label runs with demonstration content (SEED_DEMO): sample pages show their samples. */
    demoContent: z.boolean(),
  })
  .meta({ id: "AppConfig" });

export type AppConfig = z.output<typeof appConfigSchema>;
