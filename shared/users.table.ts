import { sql } from "drizzle-orm";
import { index, json, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { AdminSource } from "./users.values";

export const users = pgTable(
  "users",
  {
    id: varchar("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text("email").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    department: text("department"),
    role: text("role").notNull().default("user"),
    labelName: text("label_name"),
    labelLogoUrl: text("label_logo_url"),
    // The label's public contact details; an administrator's are shown to visitors.
    labelContactPhone: text("label_contact_phone"),
    labelContactEmail: text("label_contact_email"),
    // Where parcels come from and where returns go (packing slips), line by line; an
    // administrator's are the shop's.
    labelPostalAddress: text("label_postal_address"),
    labelReturnAddress: text("label_return_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
    // The sign-in identity: the issuer's `iss` and `sub`. Users are found by these first; an
    // e-mail links an existing account only when the issuer says the address is verified.
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    adminSource: text("admin_source").$type<AdminSource>(),
  },
  (table) => [
    uniqueIndex("users_oidc_identity_idx").on(table.oidcIssuer, table.oidcSubject),
    // The door finds a buyer by the start of their (lower-cased) e-mail: LIKE 'prefix%'.
    index("users_email_prefix_idx").using("btree", table.email.op("text_pattern_ops")),
    // The label's name, logo and public contact are its administrators' (show pages, the
    // footer): read among the few admin rows, never by scanning every member.
    index("users_admins_idx")
      .on(table.updatedAt)
      .where(sql`${table.role} = 'admin'`),
  ],
);

// Exactly connect-pg-simple's own table layout, so the store works with
// `tableName: "sessions"` and `createTableIfMissing: false`.
export const sessions = pgTable(
  "sessions",
  {
    sid: varchar("sid").primaryKey(),
    sess: json("sess").notNull(),
    expire: timestamp("expire", { precision: 6, withTimezone: true }).notNull(),
  },
  (table) => [index("IDX_session_expire").on(table.expire)],
);
