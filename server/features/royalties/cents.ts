import { sql, type SQL } from "drizzle-orm";

/** Half-up to cents, once, the same way for negatives: floor(x × 100 + 0.5) / 100 (−0.005 → 0.00, −0.015 → −0.01). */
export const halfUpCents = (amount: SQL) => sql`(floor((${amount}) * 100 + 0.5) / 100)`;
