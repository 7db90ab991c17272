import { z } from "zod";
import type {
  EncodingObject,
  OpenAPIObject,
  RequestBodyObject,
  OperationObject,
  ParameterObject,
  PathsObject,
  ReferenceObject,
  ResponsesObject,
  SchemaObject,
} from "openapi3-ts/oas31";
import { fileMediaTypes, pathParamNames, type FileRoute } from "@shared/api-route";
import { SESSION_COOKIE } from "../auth/session";
import {
  apiErrorSchema,
  errorStatusesOf,
  paramsSchemaOf,
  type Contract,
  type ContractRoute,
  type FormPart,
} from "@shared/contract";

export const SESSION_SCHEME = "sessionCookie";
/** The tag of the file routes' operations (PDFs, CSVs, calendars), listed apart in the reference. */
export const FILES_TAG = "files";

/** What each derived error means, in the words of docs/product.md "Errors". */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request is not valid: `message` names the first problem, `fieldErrors` every one by field",
  401: "Signed out: please sign in",
  403: "Not allowed: not an administrator, or a change sent from another site",
  404: "Nothing there: no such record, or a malformed id",
  409: "The record's state does not allow it",
  410: "Retired: the route is kept only to say what replaced it",
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "Done; no body",
};

type Json = Record<string, unknown>;

/**
 * Turns zod schemas into JSON Schema 2020-12 (OpenAPI 3.1's dialect) with zod's own
 * z.toJSONSchema: requests as a client sends them (`io: "input"`), answers as JSON carries them
 * (`io: "output"`). Schemas with a `.meta({ id })` become components, referenced everywhere.
 */
function createSchemaConverter() {
  const components: Record<string, SchemaObject> = {};

  /** Keeps a component; one already kept under its name must be the same schema. */
  function keep(name: string, definition: SchemaObject) {
    const existing = components[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(definition))
      throw new Error(`Two different schemas are named ${name}`);
    components[name] = definition;
  }

  function convert(schema: z.ZodType, io: "input" | "output", where: string): SchemaObject {
    const json = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      // A Date is sent as its ISO string; anything else without a JSON form (a transform in an
      // answer) is a mistake in the contract, named here when the document is built.
      unrepresentable: ({ zodSchema, message }) => {
        if (zodSchema._zod.def.type === "date") return { type: "string", format: "date-time" };
        throw new Error(`${where}: ${message}`);
      },
    }) as Json;
    const { $schema: _schema, $defs, ...root } = json;
    const definitions = Object.entries(($defs ?? {}) as Record<string, Json>);
    const names = new Map(definitions.map(([id]) => [id, io === "output" ? id : `${id}Input`]));
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (!value || typeof value !== "object") return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, child]) =>
          key === "$ref" && typeof child === "string" && child.startsWith("#/$defs/")
            ? [key, `#/components/schemas/${names.get(child.slice("#/$defs/".length))}`]
            : [key, rewrite(child)],
        ),
      );
    };
    // Compared once its references are rewritten: a component holding another (a stream's
    // platforms) reads the same from every schema that holds it.
    for (const [id, definition] of definitions) keep(names.get(id)!, rewrite(definition) as SchemaObject);
    return rewrite(root) as SchemaObject;
  }

  return { convert, components };
}

/** "/api/featured-artists/:id" → "/api/featured-artists/{id}" */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function parametersOf(route: ContractRoute, convert: ReturnType<typeof createSchemaConverter>["convert"]) {
  const where = `${route.group}.${route.name}`;
  const parameters: ParameterObject[] = [];
  const params = paramsSchemaOf(route);
  if (params) {
    const shape = convert(params, "input", where).properties ?? {};
    for (const name of pathParamNames(route.path)) {
      parameters.push({ name, in: "path", required: true, schema: shape[name] as SchemaObject });
    }
  }
  if (route.query) {
    const query = convert(route.query, "input", where);
    const required = new Set(query.required ?? []);
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: "query", required: required.has(name), schema: schema as SchemaObject });
    }
  }
  return parameters;
}

function operationOf(route: ContractRoute, converter: ReturnType<typeof createSchemaConverter>, path: string) {
  const { convert } = converter;
  const where = `${route.group}.${route.name}`;
  const error: ReferenceObject = { $ref: "#/components/schemas/ApiError" };
  const responses: ResponsesObject = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    if (Number(status) >= 400) continue;
    responses[status] = {
      description: SUCCESS_DESCRIPTIONS[Number(status)] ?? "OK",
      ...(schema ? { content: { "application/json": { schema: convert(schema, "output", where) } } } : {}),
    };
  }
  for (const status of errorStatusesOf(route)) {
    // An error is `{ message, fieldErrors? }`, unless the route declares more for it (the health
    // check's 503 carries its figures).
    const declared = route.responses[status];
    const schema = declared && declared !== apiErrorSchema ? convert(declared, "output", where) : error;
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? "Refused",
      content: { "application/json": { schema } },
    };
  }
  const alias = path !== route.path;
  const operation: OperationObject = {
    operationId: `${route.group}.${route.name}${alias ? `.${path.replace(/\W+/g, "-").replace(/^-|-$/g, "")}` : ""}`,
    tags: [route.group],
    summary: route.summary,
    description:
      [
        route.description,
        route.access === "admin" ? "Administrators only." : undefined,
        alias ? `The same route as ${route.method} ${route.path}, at a path kept for good.` : undefined,
        route.aliases.length > 0 && !alias
          ? `Also answers at ${route.aliases.map((other) => `${route.method} ${other}`).join(", ")}.`
          : undefined,
      ]
        .filter(Boolean)
        .join(" ") || undefined,
    parameters: parametersOf(route, convert),
    responses,
    // Public routes need no session; the others the session cookie, and admin routes say so.
    security: route.access === "public" ? [] : [{ [SESSION_SCHEME]: [] }],
    "x-access": route.access,
    ...(route.deprecated ? { deprecated: true } : {}),
  };
  if (route.body) {
    operation.requestBody = {
      required: true,
      content: { "application/json": { schema: convert(route.body, "input", where) } },
    };
  }
  if (route.form) operation.requestBody = formBodyOf(route.form, convert, where);
  return operation;
}

/**
 * A multipart/form-data body: each part a property in the order it must be sent (JSON keeps
 * the order, and the description says it, since a streaming reader needs the fields first),
 * its media types in `encoding`. A field holding JSON has its schema; a file is binary.
 */
function formBodyOf(
  parts: readonly FormPart[],
  convert: ReturnType<typeof createSchemaConverter>["convert"],
  where: string,
): RequestBodyObject {
  const properties: Record<string, SchemaObject> = {};
  const encoding: Record<string, EncodingObject> = {};
  for (const part of parts) {
    properties[part.name] = part.schema
      ? { ...convert(part.schema, "input", where), description: part.description }
      : { type: "string", format: "binary", description: part.description };
    encoding[part.name] = { contentType: part.contentTypes.join(", ") };
  }
  const names = parts.map((part) => `\`${part.name}\``);
  return {
    required: true,
    description: `multipart/form-data with ${names.length === 1 ? "one part" : "these parts, in this order"}: ${names.join(", then ")}.`,
    content: {
      "multipart/form-data": {
        schema: { type: "object", required: parts.map((part) => part.name), properties },
        encoding,
      },
    },
  };
}

/**
 * A file route (a PDF, a CSV, an .ics): its path params, its media types and the errors of its
 * access and params, as a contract route's are derived.
 */
function fileOperationOf(file: FileRoute): OperationObject {
  const names = pathParamNames(file.path);
  const statuses = new Set(
    errorStatusesOf({ ...file, aliases: [], responses: {}, name: "", group: "", summary: "" }).concat(
      file.errors ?? [],
    ),
  );
  const responses: ResponsesObject = {
    200: {
      description: "The file",
      content: Object.fromEntries(
        fileMediaTypes(file).map((type) => [type, { schema: { type: "string", format: "binary" } }]),
      ),
    },
  };
  for (const status of [...statuses].sort((a, b) => a - b)) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? "Refused",
      content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
    };
  }
  return {
    operationId: `files.${file.path
      .replace(/^\/api\//, "")
      .replace(/\W+/g, "-")
      .replace(/-$/, "")}`,
    tags: [FILES_TAG],
    summary: file.summary ?? `The file at ${file.path}`,
    description: file.access === "admin" ? "Administrators only." : undefined,
    parameters: names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
    responses,
    security: file.access === "public" ? [] : [{ [SESSION_SCHEME]: [] }],
    "x-access": file.access,
  };
}

/**
 * The OpenAPI 3.1 document of every route declared by `contracts`, built from them alone (nothing
 * here is written per route), so the reference at /api/docs cannot drift from what the routers
 * validate and the client calls (docs/decisions/027-one-contract-per-route.md).
 */
export function buildOpenApiDocument(
  contracts: readonly Contract[],
  info: { version: string; files?: readonly FileRoute[] },
): OpenAPIObject {
  const converter = createSchemaConverter();
  converter.convert(apiErrorSchema, "output", "ApiError");
  const paths: PathsObject = {};
  for (const file of info.files ?? []) {
    const item = (paths[openApiPath(file.path)] ??= {});
    if (item.get) throw new Error(`GET ${file.path} is declared twice`);
    item.get = fileOperationOf(file);
  }
  for (const contract of contracts) {
    for (const route of Object.values(contract)) {
      for (const path of [route.path, ...route.aliases]) {
        const item = (paths[openApiPath(path)] ??= {});
        const method = route.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
        if (item[method]) throw new Error(`${route.method} ${path} is declared twice`);
        item[method] = operationOf(route, converter, path);
      }
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Label Records API",
      version: info.version,
      license: { name: "Proprietary: the label's own API, all rights reserved", identifier: "LicenseRef-Proprietary" },
      description:
        "JSON in and out. Lists are plain arrays, dates ISO strings, money decimal strings. Every error answer is `{ message, fieldErrors? }`. Changes (every method but GET) must come from the app's own origin or from outside a browser: a browser page of another site is refused with 403.",
    },
    // Relative: the document describes the server that answers it, whatever its address.
    servers: [{ url: "/", description: "This server (every path starts with /api)" }],
    paths,
    components: {
      schemas: converter.components,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description:
            "The session cookie set by signing in at /api/login. Routes marked x-access: admin need an administrator's session.",
        },
      },
    },
  };
}
