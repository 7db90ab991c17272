import type { RequestHandler } from "express";
import { z } from "zod";
import { nulCharacterFields } from "@shared/validation";
import { HttpError, type FieldErrors } from "./http-error";

/** Flattens zod issues into `{ field: [messages] }` for the error shape of docs/product.md "Errors". */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

/** A 400 whose message names the first field and its first problem. */
function invalid(what: string, fieldErrors: FieldErrors): HttpError {
  const first = Object.entries(fieldErrors)[0];
  const message = first
    ? `Invalid ${what}: ${first[0] === "_" ? "" : `${first[0]}: `}${first[1][0]}`
    : `Invalid ${what}`;
  return HttpError.badRequest(message, fieldErrors);
}

export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, what = "request"): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(what, toFieldErrors(result.error));
  return result.data;
}

/**
 * Mounted once for every API route, before any router: text holding a NUL character is refused
 * wherever it appears in the body or the query (the rule is in shared/validation.ts), so no
 * route, validated by a schema or not, can hand one to the database.
 */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  const inBody = nulCharacterFields(req.body);
  if (Object.keys(inBody).length > 0) throw invalid("body", inBody);
  const inQuery = nulCharacterFields(req.query);
  if (Object.keys(inQuery).length > 0) throw invalid("query", inQuery);
  next();
};
