import express, { type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import type { ApiRoute } from "@shared/api-route";
import { paramsSchemaOf, type Contract, type ContractRoute, type HandlerAnswer, type ParamsOf } from "@shared/contract";
import { requireAdmin, requireUser } from "../auth/guards";
import { HttpError } from "./http-error";
import type { ReadCache } from "./read-cache";
import { parseOrThrow } from "./validate";

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler is given: the request's parts, validated and typed by its contract. */
export interface HandlerInput<C extends ContractRoute> {
  params: ParamsOf<C>;
  query: Parsed<C["query"]>;
  body: Parsed<C["body"]>;
  /** The signed-in user; always there for member and admin routes (the guard ran). */
  user: C["access"] extends "public" ? Express.User | undefined : Express.User;
  /** For what the contract does not cover (headers, the session); answers go through the return value. */
  req: Request;
  res: Response;
}

export type Handler<C extends ContractRoute> = (input: HandlerInput<C>) => Promise<HandlerAnswer<C>>;

/** A GET answered from a read cache (lib/read-cache.ts): its JSON is built once per change. */
export interface CachedHandler<T> {
  cache: Pick<ReadCache, "serve">;
  load: () => Promise<T>;
}

/** Serves a GET route from `cache`, reading `load` when the copy is missing or dropped. */
export function fromCache<T>(cache: Pick<ReadCache, "serve">, load: () => Promise<T>): CachedHandler<T> {
  return { cache, load };
}

/** A list an administrator manages: add, change and remove one entry by id. */
export interface ListService<CreateBody, UpdateBody, Item> {
  create(body: CreateBody): Promise<Item>;
  update(id: string, body: UpdateBody): Promise<Item>;
  remove(id: string): Promise<void>;
}

/**
 * The create (201), update (200) and remove (204) handlers of such a list, each calling
 * `changed` once the write is done (to drop the list's cached copies; a no-op without one).
 */
export function listWrites<CreateBody, UpdateBody, Item>(
  service: ListService<CreateBody, UpdateBody, Item>,
  changed: () => void = () => {},
) {
  return {
    create: async ({ body }: { body: CreateBody }) => {
      const created = await service.create(body);
      changed();
      return { status: 201 as const, body: created };
    },
    update: async ({ params, body }: { params: { id: string }; body: UpdateBody }) => {
      const updated = await service.update(params.id, body);
      changed();
      return { status: 200 as const, body: updated };
    },
    remove: async ({ params }: { params: { id: string } }) => {
      await service.remove(params.id);
      changed();
      return { status: 204 as const };
    },
  };
}

/**
 * Like fromCache, for an answer that also stops being true by the clock (an ExpiringValue,
 * lib/read-cache.ts): the copy is never served past `expiresAt`.
 */
export function fromExpiringCache<T>(
  cache: Pick<ReadCache, "serveExpiring">,
  load: () => Promise<{ value: T; expiresAt?: number }>,
): CachedHandler<T> {
  return { cache: { serve: () => cache.serveExpiring(load) }, load: async () => (await load()).value };
}

/**
 * A GET answered by a read cache's own handler, for what `fromCache` does not cover: a copy
 * that ends at a set time (`serveExpiring`), a copy per id (lib/keyed-read-cache.ts). The
 * handler reads the request itself (its key from the params), so it checks its params too.
 */
export interface CacheServedHandler {
  cacheServes: RequestHandler;
}

/** Serves a GET route with a read cache's handler (see CacheServedHandler). */
export function servedByCache(handler: RequestHandler): CacheServedHandler {
  return { cacheServes: handler };
}

type CachedBody<C extends ContractRoute> = C["responses"] extends { 200: infer S extends z.ZodType }
  ? z.input<S>
  : never;

export type Handlers<C extends Contract> = {
  [K in keyof C]: C[K]["method"] extends "GET"
    ? Handler<C[K]> | CachedHandler<CachedBody<C[K]>> | CacheServedHandler
    : Handler<C[K]>;
};

const GUARDS: Record<ApiRoute["access"], RequestHandler | undefined> = {
  public: undefined,
  member: requireUser,
  admin: requireAdmin,
};

/** A route's path as the router sees it, mounted at /api (features/index.ts): "/featured-artists/:id". */
/**
 * The params of a route outside the contracts (a file, a page), read with a schema as contract
 * routes read theirs: params that fail name nothing, so the answer is 404 "Not found".
 */
export function paramsOf<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  const parsed = schema.safeParse(req.params);
  if (!parsed.success) throw HttpError.notFound();
  return parsed.data;
}

export function underApi(path: string): string {
  if (!path.startsWith("/api/")) throw new Error(`${path} is not under /api`);
  return path.slice("/api".length);
}

/**
 * Checks params, query and body in the order the old validate() did, with its messages: params
 * that fail their schema name nothing (404), a query or body that fails answers 400 with
 * `fieldErrors`. The schemas are built once, with the contract; nothing is compiled per request.
 */
function parseRequest(route: ContractRoute) {
  const params = paramsSchemaOf(route);
  return (req: Request) => {
    let parsedParams: unknown = {};
    if (params) {
      const result = params.safeParse(req.params);
      if (!result.success) throw HttpError.notFound();
      parsedParams = result.data;
    }
    return {
      params: parsedParams,
      query: route.query ? parseOrThrow(route.query, req.query, "query") : undefined,
      body: route.body ? parseOrThrow(route.body, req.body ?? {}, "body") : undefined,
    };
  };
}

type AnyHandler = Handler<ContractRoute> | CachedHandler<unknown> | CacheServedHandler;

function handle(route: ContractRoute, handler: AnyHandler): RequestHandler {
  if (typeof handler !== "function" && "cacheServes" in handler) return handler.cacheServes;
  if (!(typeof handler === "function")) {
    // A cached route has no params, query or body to check (a GET of a fixed path).
    if (route.query || route.params || route.path.includes(":"))
      throw new Error(`${route.group}.${route.name}: a cached answer takes no params or query`);
    return handler.cache.serve(handler.load);
  }
  const parse = parseRequest(route);
  return async (req, res) => {
    const answer: { status: number; body?: unknown } = await handler({
      ...parse(req),
      user: req.user,
      req,
      res,
    } as HandlerInput<ContractRoute>);
    res.status(answer.status);
    if ("body" in answer) res.json(answer.body);
    else res.end();
  };
}

/**
 * An Express router (case-sensitive, mounted at /api) serving every route of `contract` with its
 * handler: the guard from the route's access, then its params, query and body validated and
 * handed over typed, then what the handler returns sent with its status. Handlers must cover
 * every route, and may answer only the statuses and bodies the contract declares; the contract
 * test (server/contract.test.ts) checks the answers themselves against the OpenAPI document.
 */
export function contractRouter<C extends Contract>(contract: C, handlers: Handlers<C>): express.Router {
  const router = express.Router({ caseSensitive: true });
  for (const [name, route] of Object.entries(contract)) {
    const handler = handlers[name] as AnyHandler | undefined;
    if (!handler) throw new Error(`${route.group}.${name}: no handler`);
    const guard = GUARDS[route.access];
    const method = route.method.toLowerCase() as Lowercase<ApiRoute["method"]>;
    const handled = handle(route, handler);
    // One Express route per path, so each has its own path as a string: the fast path
    // (lib/fast-path.ts) and the request metrics name a route by it.
    for (const path of [route.path, ...route.aliases].map(underApi)) {
      router[method](path, ...(guard ? [guard] : []), handled);
    }
  }
  return router;
}
