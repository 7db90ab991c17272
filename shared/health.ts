import { z } from "zod";
import { appConfigSchema } from "./config";
import { defineContract } from "./contract";
import { healthApi } from "./health.api";
import { outboxQueueHealthSchema } from "./outbox";

/** GET /api/health when the database answers. */
export const healthSchema = z
  .object({
    status: z.literal("ok"),
    database: z.literal("up"),
    /** Null when the mail queue could not be read; it never changes the status code. */
    outbox: outboxQueueHealthSchema.nullable(),
  })
  .meta({ id: "Health" });

/** GET /api/health when the database does not answer: an error with the same figures. */
export const degradedHealthSchema = z
  .object({
    message: z.string(),
    status: z.literal("degraded"),
    database: z.literal("down"),
    outbox: z.null(),
  })
  .meta({ id: "DegradedHealth" });

export type HealthResponse = z.output<typeof healthSchema>;

/** docs/product.md, "API". */
export const healthContract = defineContract("health", healthApi, {
  health: {
    summary: "200 when the database answers, 503 when it does not (for load balancers)",
    description: "The mail queue's figures are for monitoring; they never change the status code.",
    responses: { 200: healthSchema, 503: degradedHealthSchema },
  },
  config: {
    summary: "Runtime settings for the client, so one build serves every environment",
    responses: { 200: appConfigSchema },
  },
});
