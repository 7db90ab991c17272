import { z } from "zod";
import { optionalEmail, optionalText, requiredText } from "./validation";
import type { users } from "./users.table";
export * from "./users.values";

export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export type User = typeof users.$inferSelect;
export type UpsertUser = typeof users.$inferInsert;

/**
 * The signed-in user as the client sees it: GET /api/auth/user, and the answers that return
 * the user after a change (label settings, master code). The sign-in identity (`iss`, `sub`)
 * and where a role came from stay on the server.
 */
export const currentUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    role: z.enum(USER_ROLES),
    labelName: z.string().nullable(),
    labelLogoUrl: z.string().nullable(),
    /** The label's public contact details (Label Settings); an administrator's are the site's. */
    labelContactPhone: z.string().nullable(),
    labelContactEmail: z.string().nullable(),
    /** The label's postal address and, when returns go elsewhere, its return address (packing slips). */
    labelPostalAddress: z.string().nullable(),
    labelReturnAddress: z.string().nullable(),
  })
  .meta({ id: "CurrentUser" });
export type CurrentUser = z.output<typeof currentUserSchema>;

/** The one way a user row leaves the server. */
export function toCurrentUser(user: User): CurrentUser {
  const { id, email, firstName, lastName, profileImageUrl, labelName, labelLogoUrl } = user;
  return {
    id,
    email,
    firstName,
    lastName,
    profileImageUrl,
    role: user.role === "admin" ? "admin" : "user",
    labelName,
    labelLogoUrl,
    labelContactPhone: user.labelContactPhone,
    labelContactEmail: user.labelContactEmail,
    labelPostalAddress: user.labelPostalAddress,
    labelReturnAddress: user.labelReturnAddress,
  };
}

/** A postal address as typed in Label Settings: a few lines. */
const ADDRESS_MAX = 400;

/** A phone number as people write it: at least five digits among spaces, +, ( ), . and -. */
const PHONE = /^(?=(?:\D*\d){5})[\d\s+().-]+$/;

/**
 * PUT /api/user/label: a label name and an uploaded logo are both required (docs/product.md,
 * "Label settings").
 */
export const updateLabelSchema = z.object({
  labelName: requiredText(100, "Please enter a label name"),
  // Only object paths this app issued; the server also checks the object belongs to the user.
  labelLogoUrl: z
    .string({ error: "Please upload a logo" })
    .trim()
    .min(1, "Please upload a logo")
    .max(500)
    .regex(/^\/objects\/[A-Za-z0-9._\-/]+$/, "Logo must be an uploaded object path")
    .refine((value) => !value.split("/").includes(".."), "Logo must be an uploaded object path"),
  // Optional: blank clears them, left out keeps them (a form without the fields changes nothing).
  labelContactPhone: optionalText(40).refine(
    (value) => value == null || PHONE.test(value),
    "Enter a phone number: digits, spaces, +, ( ), . and -",
  ),
  labelContactEmail: optionalEmail,
  // Printed on packing slips, one line per line typed; blank clears, left out keeps.
  labelPostalAddress: optionalText(ADDRESS_MAX),
  labelReturnAddress: optionalText(ADDRESS_MAX),
});
export type UpdateLabel = z.infer<typeof updateLabelSchema>;
export type UpdateLabelInput = z.input<typeof updateLabelSchema>;

/**
 * GET /api/label/contact (public): how visitors reach the label, as its administrators set it
 * in Label Settings (the most recently saved one), else DEFAULT_LABEL_CONTACT. A label that
 * set only one of the two shows only that one.
 */
export const labelContactSchema = z
  .object({ phone: z.string().nullable(), email: z.string().nullable() })
  .meta({ id: "LabelContact" });
export type LabelContact = z.output<typeof labelContactSchema>;
