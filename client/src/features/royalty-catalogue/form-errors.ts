import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/api-request";
import { showFieldErrors } from "@/lib/form-errors";

/**
 * A 400's field messages beside the fields, and a 409's too: a UPC or ISRC another release
 * holds is answered 409 with the field it belongs to. Says whether any field got a message.
 */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  if (showFieldErrors(form, error)) return true;
  if (!(error instanceof ApiError) || error.status !== 409 || !error.fieldErrors) return false;
  let shown = false;
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    if (messages.length === 0) continue;
    form.setError(name as Path<T>, { type: "server", message: messages[0] }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
