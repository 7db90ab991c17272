import { z } from "zod";

/** POST /api/auth/master-code; the answer is the promoted user (CurrentUser in users.ts). */
export const enterMasterCodeSchema = z.object({ code: z.string().trim().min(1, "Enter the master code").max(200) });
export type EnterMasterCode = z.infer<typeof enterMasterCodeSchema>;
