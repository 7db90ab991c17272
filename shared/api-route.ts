// What a route is without its schemas: method, path and who may call it. The browser needs
// only this to call a route, so these tables (shared/<domain>.api.ts) carry no zod and cost a
// page almost nothing; the full contract (schemas of every request and answer) is built on
// them in shared/<domain>.ts. See docs/decisions/027-one-contract-per-route.md.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call a route: anyone, a signed-in member, or an administrator. The server's guard,
 * the OpenAPI document's `security` and its 401/403 answers all come from this one word.
 */
export type Access = "public" | "member" | "admin";

export interface ApiRoute<M extends HttpMethod = HttpMethod, P extends string = string, A extends Access = Access> {
  readonly method: M;
  /** The full path, Express style: "/api/featured-artists/:id". */
  readonly path: P;
  readonly access: A;
  /**
   * Other paths that answer exactly the same (a path the product has published and keeps, beside
   * its aligned spelling): one handler, each path documented.
   */
  readonly aliases: readonly string[];
}

/** "id.ics" → "id": a param's name ends where a segment's literal suffix starts. */
type ParamName<S extends string> = S extends `${infer Name}.${string}` ? Name : S;

/** The `:name` segments of a path, as an object type: "/a/:id/b/:index" → { id: string; index: string }. */
export type PathParams<P extends string> = string extends P
  ? Record<string, string>
  : P extends `${string}:${infer Name}/${infer Rest}`
    ? { [K in ParamName<Name>]: string } & PathParams<`/${Rest}`>
    : P extends `${string}:${infer Name}`
      ? { [K in ParamName<Name>]: string }
      : Record<never, never>;

export function route<const M extends HttpMethod, const P extends `/api/${string}`, const A extends Access>(
  method: M,
  path: P,
  access: A,
  options: { aliases?: readonly `/api/${string}`[] } = {},
): ApiRoute<M, P, A> {
  return { method, path, access, aliases: options.aliases ?? [] };
}

/**
 * A route that answers a file (a PDF, a CSV, an .ics calendar) rather than JSON: opened by the
 * browser as a link or a download, so it has no contract of schemas; the OpenAPI document still
 * lists it with its media type. Declared beside a domain's route table (e.g.
 * `invoiceFiles = { pdf: fileRoute(…) }`), so the client still never writes its path by hand
 * (`pathOf` in client/src/lib/api-client.ts).
 */
export interface FileRoute<P extends string = string, A extends Access = Access> {
  readonly method: "GET";
  readonly path: P;
  readonly access: A;
  /** One line for the reference (GET /api/docs). */
  readonly summary?: string;
  /** What the file is: by default from the path's end (`.csv`, `.ics`, `.pdf` or `/pdf`). */
  readonly mediaTypes?: readonly string[];
  /** Errors of its own rules beyond those of its access and params (400 for a bad query). */
  readonly errors?: readonly number[];
}

export function fileRoute<const P extends `/api/${string}`, const A extends Access>(
  path: P,
  access: A,
  options: { summary?: string; mediaTypes?: readonly string[]; errors?: readonly number[] } = {},
): FileRoute<P, A> {
  return { method: "GET", path, access, ...options };
}

/**
 * The media types a file route answers with: declared, or read from its path's end; bytes of
 * no named type otherwise (api-docs.test.ts asks such a route to declare its types).
 */
export function fileMediaTypes(file: FileRoute): readonly string[] {
  if (file.mediaTypes) return file.mediaTypes;
  if (/\.csv$/.test(file.path)) return ["text/csv"];
  if (/\.ics$/.test(file.path)) return ["text/calendar"];
  if (/[./]pdf$/.test(file.path)) return ["application/pdf"];
  return ["application/octet-stream"];
}

/** The `:name` segments of a path, in order. */
export function pathParamNames(path: string): string[] {
  // A name is letters, digits and _, so "/shows/:id.ics" has the param "id" before ".ics".
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/**
 * The path's parts with the parameters filled in, as the client's query keys hold them: the
 * first part is "/api/<resource>", each later segment its own part, so `invalidateQueries` with
 * ["/api/featured-artists"] refreshes "/api/featured-artists/active" too, and the parts joined
 * with "/" are the path. A parameter is encoded, so an id can never reach another path.
 */
export function pathParts(path: string, params: Record<string, string> = {}): string[] {
  const segments = path
    .split("/")
    .slice(1)
    .map((segment) =>
      segment.replace(/:(\w+)/g, (_, name: string) => {
        const value = params[name];
        if (value === undefined) throw new Error(`${path}: no value for :${name}`);
        return encodeURIComponent(value);
      }),
    );
  // ["api", "featured-artists", "active"] → ["/api/featured-artists", "active"]
  return [`/${segments[0]}/${segments[1]}`, ...segments.slice(2)];
}
