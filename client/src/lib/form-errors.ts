import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "./api-request";

export type FieldErrorsTarget<T extends FieldValues> = Pick<UseFormReturn<T>, "setError" | "getValues">;

export interface FieldErrorsOptions {
  /**
   * The request named its fields otherwise than the form does (a body holding only some of the
   * form's rows): the form's field for the request's name, or undefined to leave it to the toast.
   */
  fieldOf?: (name: string) => string | undefined;
}

/**
 * The one way a form shows the server's `fieldErrors` (docs/decisions/047-one-error-channel.md):
 * beside the form's own fields (react-hook-form's setError), the first one focused, as the server
 * words them ("Required", "Enter an http(s) URL or a path starting with /"). They come with a 400,
 * and with a 409 that names the field it concerns (a UPC or an ISRC another release holds). A
 * field the form does not show ("_", a field of another step) is left to the toast, which the
 * query client raises for every failure anyway. Says whether any field got a message.
 */
export function showFieldErrors<T extends FieldValues>(
  form: FieldErrorsTarget<T>,
  error: unknown,
  options: FieldErrorsOptions = {},
): boolean {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409) || !error.fieldErrors) {
    return false;
  }
  const values = form.getValues() as Record<string, unknown>;
  let shown = false;
  for (const [sent, messages] of Object.entries(error.fieldErrors)) {
    const name = options.fieldOf ? options.fieldOf(sent) : sent;
    if (name === undefined || !(name.split(".")[0] in values) || messages.length === 0) continue;
    form.setError(name as Path<T>, { type: "server", message: messages[0] }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
