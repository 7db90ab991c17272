import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "./api-request";

export type FieldErrorsTarget<T extends FieldValues> = Pick<UseFormReturn<T>, "setError" | "getValues">;

/**
 * Puts a 400's `fieldErrors` beside the form's own fields (react-hook-form's setError), the first
 * one focused, as the server words them ("Required", "Enter an http(s) URL or a path starting
 * with /"). A field the form does not show ("_", a field of another step) is left to the toast.
 * Says whether any field got a message.
 */
export function showFieldErrors<T extends FieldValues>(form: FieldErrorsTarget<T>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fieldErrors) return false;
  const values = form.getValues() as Record<string, unknown>;
  let shown = false;
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    if (!(name.split(".")[0] in values) || messages.length === 0) continue;
    form.setError(name as Path<T>, { type: "server", message: messages[0] }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
