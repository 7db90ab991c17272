import { queryOptions } from "@tanstack/react-query";
import type { LabelContact } from "@shared/users";
import { LABEL_CONTACT_QUERY_KEY } from "./query-keys";

/** GET /api/label/contact (public): as the label's administrators set it, else the default pair. */
export const labelContactQuery = queryOptions<LabelContact>({ queryKey: LABEL_CONTACT_QUERY_KEY });

/** "(312) 555-0142" → "tel:3125550142": what a phone dials, whatever punctuation was typed. */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith("+") ? "+" : "";
  return `tel:${plus}${phone.replace(/\D/g, "")}`;
}
