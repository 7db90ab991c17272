// The one way the client calls a route: through its contract. A feature's api.ts makes its
// calls with `apiClient<typeof xContract>(xApi)`, from the zod-free route table
// (shared/<domain>.api.ts) and the contract's type (`import type`, so no zod reaches the page's
// JavaScript). The URL comes from the route's path, the input and answer types from its schemas;
// no client file writes an "/api/" string or an answer type by hand
// (docs/decisions/027-one-contract-per-route.md).
import { queryOptions } from "@tanstack/react-query";
import { pathParts, type ApiRoute, type FileRoute, type PathParams } from "@shared/api-route";
import type { Contract, ContractRoute, RouteAnswer, RouteInput } from "@shared/contract";
import { throwIfResNotOk } from "./api-request";

type Input = { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };

/** The route's input is optional when it has no params or body to send. */
type InputArgs<C extends ContractRoute> =
  object extends RouteInput<C> ? [input?: RouteInput<C>] : [input: RouteInput<C>];
/** A key names what is read: the params and the query, never a body. */
type KeyInput<C extends ContractRoute> = Omit<RouteInput<C>, "body">;
type KeyArgs<C extends ContractRoute> = object extends KeyInput<C> ? [input?: KeyInput<C>] : [input: KeyInput<C>];

export interface ApiCall<C extends ContractRoute> {
  /** Calls the route: the typed answer on 2xx, an ApiError (status, message, fieldErrors) otherwise. */
  (...args: [...InputArgs<C>, init?: { signal?: AbortSignal }]): Promise<RouteAnswer<C>>;
  /**
   * The query key: the path's parts with the params filled in (the first part "/api/<resource>",
   * parts joined with "/" give the path), then the query when one is sent. A key is a prefix of
   * every longer path under it, so invalidating a resource's key refreshes all of its reads.
   */
  key(...args: KeyArgs<C>): readonly unknown[];
  /** Options for useQuery / useSuspenseQuery: this key, fetched by this call. */
  query(...args: InputArgs<C>): ReturnType<typeof queryOptionsOf<C>>;
}

function queryOptionsOf<C extends ContractRoute>(key: readonly unknown[], call: ApiCall<C>, input: unknown) {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      (call as unknown as (input: unknown, init: { signal: AbortSignal }) => Promise<RouteAnswer<C>>)(input, {
        signal,
      }),
  });
}

/** The query's sent fields, without the empty ones, or undefined when none is left. */
function sentQuery(query: Input["query"]): Record<string, string> | undefined {
  const entries = Object.entries(query ?? {}).filter(
    ([, value]) => value !== undefined && value !== null && value !== "",
  );
  return entries.length ? Object.fromEntries(entries.map(([name, value]) => [name, String(value)])) : undefined;
}

function callOf(route: ApiRoute) {
  const keyOf = (input: Input = {}) => {
    const query = sentQuery(input.query);
    return [...pathParts(route.path, input.params), ...(query ? [query] : [])] as const;
  };
  async function call(input: Input = {}, init: { signal?: AbortSignal } = {}) {
    const query = sentQuery(input.query);
    const url = pathParts(route.path, input.params).join("/") + (query ? `?${new URLSearchParams(query)}` : "");
    const hasBody = input.body !== undefined;
    const res = await fetch(url, {
      method: route.method,
      headers: hasBody ? { "Content-Type": "application/json" } : {},
      body: hasBody ? JSON.stringify(input.body) : undefined,
      credentials: "include",
      signal: init.signal,
    });
    await throwIfResNotOk(res);
    return res.status === 204 ? undefined : res.json();
  }
  const typed = call as unknown as ApiCall<ContractRoute>;
  return Object.assign(typed, {
    key: keyOf,
    query: (input?: Input) => queryOptionsOf(keyOf(input), typed, input),
  });
}

/**
 * The typed calls of one contract, from its route table: `apiClient<typeof featuredArtistsContract>(featuredArtistsApi)`.
 * The table must be the contract's own (same keys, methods, paths and access), or this does not compile.
 */
export function apiClient<C extends Contract>(routes: {
  [K in keyof C]: ApiRoute<C[K]["method"], C[K]["path"], C[K]["access"]>;
}): { [K in keyof C]: ApiCall<C[K]> } {
  return Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, callOf(route)])) as unknown as {
    [K in keyof C]: ApiCall<C[K]>;
  };
}

/**
 * The address of a file route (a PDF, a CSV, a calendar) for a link or a download, with its
 * params filled in (encoded) and the query's sent fields: `pathOf(invoiceFiles.pdf, { id })`.
 */
export function pathOf<R extends FileRoute>(
  route: R,
  ...[params, query]: [keyof PathParams<R["path"]>] extends [never]
    ? [params?: Record<string, never>, query?: Record<string, unknown>]
    : [params: PathParams<R["path"]>, query?: Record<string, unknown>]
): string {
  const sent = sentQuery(query);
  const path = pathParts(route.path, params as Record<string, string> | undefined).join("/");
  return path + (sent ? `?${new URLSearchParams(sent)}` : "");
}
