import type { labelContract } from "@shared/label";
import { labelApi } from "@shared/label.api";
import { apiClient } from "./api-client";

const api = apiClient<typeof labelContract>(labelApi);

/** The label's public contact (public): as its administrators set it, else the default pair. */
export const labelContactQuery = api.contact.query();

/** "(312) 555-0142" → "tel:3125550142": what a phone dials, whatever punctuation was typed. */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith("+") ? "+" : "";
  return `tel:${plus}${phone.replace(/\D/g, "")}`;
}
