// One contract per route: its method, path and access (shared/<domain>.api.ts, zod-free) joined
// with the schemas of its params, query, body and every answer. The server's routers are typed
// and validated from it (server/lib/contract-router.ts), the client calls it through
// client/src/lib/api-client.ts, and GET /api/openapi.json is generated from it
// (server/lib/openapi.ts). Why and how: docs/decisions/027-one-contract-per-route.md.
import { z } from "zod";
import { pathParamNames, type Access, type ApiRoute, type PathParams } from "./api-route";

/** Every error answer: `{ message, fieldErrors? }` (docs/product.md, "Errors"). */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: "ApiError", description: "Every error answer; `fieldErrors` comes with 400s, keyed by field path." });

const isoInstant = z.iso.datetime({ offset: true });

/**
 * A point in time in an answer: the server hands over a Date (a timestamptz column) or an ISO
 * string, and JSON carries the ISO string ("2026-11-21T18:00:00.000Z"). The one place where an
 * answer's dates are declared, so no response type is written by hand with `createdAt: string`.
 */
export const instant = z.codec(z.union([z.date(), isoInstant]), isoInstant, {
  decode: (value) => (value instanceof Date ? value.toISOString() : value),
  encode: (value) => value,
});

/** Route params that are uuids. A malformed one is a 404, like an unknown one: the record cannot exist. */
export const idParams = z.object({ id: z.guid() });

/** An answer without a body (204). */
export const NO_CONTENT = null;

type Schema = z.ZodType;
type ResponseSchemas = { readonly [status: number]: Schema | null };

/** One part of a multipart/form-data body (an upload), as the server reads it. */
export interface FormPart {
  readonly name: string;
  readonly description: string;
  /** The part's media types: application/json for a field holding JSON, what a file may be. */
  readonly contentTypes: readonly string[];
  /** A field holding JSON: its schema. A file has none. */
  readonly schema?: Schema;
}

/** What a contract adds to a route: its schemas and the words of its documentation. */
export interface RouteSchemas {
  /** One line for the reference (GET /api/docs). */
  summary: string;
  description?: string;
  /** Defaults to a string per `:name` of the path; a schema that refuses a value makes the route answer 404. */
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /**
   * A multipart/form-data body instead of JSON, its parts in the order they must come (a router
   * that streams an upload reads the fields before the file). Parsed by the route itself.
   */
  form?: readonly FormPart[];
  /** The 2xx answers, and the errors the route itself raises (404, 409...) with `apiErrorSchema`. */
  responses: ResponseSchemas;
  /** A retired route, kept so old callers learn what replaced it (OpenAPI's `deprecated`). */
  deprecated?: boolean;
}

export type ContractRoute<R extends ApiRoute = ApiRoute, S extends RouteSchemas = RouteSchemas> = R &
  S & {
    /** The route's key in its contract, e.g. "update" (the OpenAPI operationId's second half). */
    readonly name: string;
    /** The contract's name, e.g. "featuredArtists". */
    readonly group: string;
  };

export type Contract = Record<string, ContractRoute>;

export type SuccessStatus = 200 | 201 | 202 | 204;

/** The statuses a route answers with a body on success, from its `responses`. */
type SuccessOf<C extends ContractRoute> = Extract<keyof C["responses"], SuccessStatus>;

type Out<S> = S extends Schema ? z.output<S> : never;
type In<S> = S extends Schema ? z.input<S> : never;

/** The params as a handler receives them (validated) and a caller sends them. */
export type ParamsOf<C extends ContractRoute> = C["params"] extends Schema
  ? z.output<C["params"]>
  : PathParams<C["path"]>;
export type ParamsInputOf<C extends ContractRoute> = C["params"] extends Schema
  ? z.input<C["params"]>
  : PathParams<C["path"]>;

/** What a caller sends: only the parts the route has. */
export type RouteInput<C extends ContractRoute> = (keyof PathParams<C["path"]> extends never
  ? unknown
  : { params: ParamsInputOf<C> }) &
  (C["query"] extends Schema ? { query?: z.input<C["query"]> } : unknown) &
  (C["body"] extends Schema ? { body: z.input<C["body"]> } : unknown);

/** What a caller gets back on success, as JSON carries it (dates as ISO strings); void for 204. */
export type RouteAnswer<C extends ContractRoute> = {
  [S in SuccessOf<C>]: C["responses"][S] extends null ? void : Out<C["responses"][S]>;
}[SuccessOf<C>];

/**
 * What a handler may send: a status its contract declares, with a body of that status's schema.
 * Errors are usually thrown (HttpError); a declared error whose body is not the usual
 * `{ message }` (the health check's 503 with its figures) is returned like a success.
 */
export type HandlerAnswer<C extends ContractRoute> = {
  [S in Extract<keyof C["responses"], number>]: C["responses"][S] extends null
    ? { status: S }
    : { status: S; body: In<C["responses"][S]> };
}[Extract<keyof C["responses"], number>];

/**
 * Joins a route table (shared/<domain>.api.ts) with the schemas of each route. Every route gets
 * schemas and nothing else is accepted, so neither side can drift from the other.
 */
export function defineContract<
  const R extends Record<string, ApiRoute>,
  const S extends { [K in keyof R]: RouteSchemas & (R[K]["method"] extends "GET" ? { body?: never } : unknown) },
>(group: string, routes: R, schemas: S): { [K in keyof R & keyof S & string]: ContractRoute<R[K], S[K]> } {
  const contract: Record<string, ContractRoute> = {};
  for (const name of Object.keys(routes)) {
    const route = routes[name];
    const routeSchemas = schemas[name];
    if (!routeSchemas) throw new Error(`${group}.${name}: no schemas`);
    checkRoute(`${group}.${name}`, route, routeSchemas);
    contract[name] = { ...route, ...routeSchemas, name, group };
  }
  for (const name of Object.keys(schemas)) {
    if (!(name in routes)) throw new Error(`${group}.${name}: schemas for a route the table does not have`);
  }
  return contract as never;
}

function checkRoute(where: string, route: ApiRoute, schemas: RouteSchemas) {
  const statuses = Object.keys(schemas.responses).map(Number);
  // A retired route answers only its refusal (410).
  if (!schemas.deprecated && !statuses.some((status) => status >= 200 && status < 300))
    throw new Error(`${where}: no 2xx answer`);
  const names = pathParamNames(route.path);
  for (const alias of route.aliases) {
    if (pathParamNames(alias).join() !== names.join()) throw new Error(`${where}: alias ${alias} has other params`);
  }
  if (schemas.params instanceof z.ZodObject) {
    const declared = Object.keys(schemas.params.shape).sort().join();
    if (declared !== [...names].sort().join()) throw new Error(`${where}: params ${declared} differ from the path's`);
  }
}

/** The params schema a route validates with: its own, or a string per `:name`. */
export function paramsSchemaOf(route: ContractRoute): Schema | undefined {
  if (route.params) return route.params;
  const names = pathParamNames(route.path);
  return names.length ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
}

/**
 * The error answers every route of its kind gives, whatever it does: 400 for a body or query
 * that fails its schema, 401 signed out and 403 for another role (from `access`), 403 for a
 * change sent from another site (every method but GET), 404 for params that name nothing.
 * A route declares the errors of its own rules (404 not found, 409) in `responses`.
 */
export function errorStatusesOf(route: ContractRoute): number[] {
  const statuses = new Set<number>();
  if (route.body || route.form || route.query) statuses.add(400);
  if (route.access !== "public") statuses.add(401);
  if (route.access === "admin" || route.method !== "GET") statuses.add(403);
  if (pathParamNames(route.path).length > 0) statuses.add(404);
  for (const status of Object.keys(route.responses).map(Number)) if (status >= 400) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

export type { Access };
