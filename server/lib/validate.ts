import type { RequestHandler } from "express";
import { z } from "zod";
import { nulCharacterFields } from "@shared/validation";
import { HttpError, type FieldErrors } from "./http-error";

type Schemas = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };

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

/**
 * Validates and replaces req.body / req.params, and stores the parsed query in
 * res.locals.query (Express 5 makes req.query a read-only getter). Unknown fields are
 * dropped because zod objects strip them by default.
 */
export function validate(schemas: Schemas): RequestHandler {
  return (req, res, next) => {
    if (schemas.params) req.params = parseOrThrow(schemas.params, req.params, "parameters") as typeof req.params;
    if (schemas.query) res.locals.query = parseOrThrow(schemas.query, req.query, "query");
    if (schemas.body) req.body = parseOrThrow(schemas.body, req.body ?? {}, "body");
    next();
  };
}

/** Route params that are uuids; a malformed id is a 404, as the record cannot exist. */
export const idParamsSchema = z.object({ id: z.string() }).transform((p, ctx) => {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(p.id)) {
    ctx.addIssue({ code: "custom", message: "Not found", path: ["id"] });
    return z.NEVER;
  }
  return p;
});

export function validateId(): RequestHandler {
  return (req, _res, next) => {
    const result = idParamsSchema.safeParse(req.params);
    if (!result.success) throw HttpError.notFound();
    next();
  };
}
