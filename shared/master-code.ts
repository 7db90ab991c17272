import { z } from "zod";
import { apiErrorSchema, defineContract } from "./contract";
import { masterCodeApi } from "./master-code.api";
import { currentUserSchema } from "./users";

/** POST /api/auth/master-code; the answer is the promoted user. */
export const enterMasterCodeSchema = z.object({ code: z.string().trim().min(1, "Enter the master code").max(200) });
export type EnterMasterCode = z.infer<typeof enterMasterCodeSchema>;
export type EnterMasterCodeInput = z.input<typeof enterMasterCodeSchema>;

/** docs/decisions/003-identity-and-roles.md. */
export const masterCodeContract = defineContract("masterCode", masterCodeApi, {
  enter: {
    summary: "Makes the signed-in user an administrator when the master code is right",
    description:
      "403 for a wrong code, 404 when no master code is configured, 429 with Retry-After while entry is " +
      "locked after too many attempts (per user and per client address). Success renews the session.",
    body: enterMasterCodeSchema,
    responses: { 200: currentUserSchema, 404: apiErrorSchema, 429: apiErrorSchema },
  },
});
