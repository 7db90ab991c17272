import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Storage of the built-in sign-in provider (oidc-provider): interactions, codes, sessions,
 * grants. Not a product entity; kept in PostgreSQL so any app instance can finish a sign-in.
 */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    id: text("id").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index("oidc_payloads_uid_idx").on(t.uid),
    index("oidc_payloads_grant_id_idx").on(t.grantId),
    index("oidc_payloads_expires_at_idx").on(t.expiresAt),
  ],
);
