// Runs real requests for every documented operation and checks each answer, 2xx and errors
// alike, against GET /api/openapi.json with an independent JSON Schema validator (Ajv, draft
// 2020-12, formats checked), so the document, the types and the behaviour cannot drift apart.
// Used by server/contract.test.ts; each feature writes its cases in
// <feature>.contract.test-support.ts (docs/decisions/027-one-contract-per-route.md).
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";
import { FILES_TAG } from "../lib/openapi";
import type { OpenAPIObject, OperationObject } from "openapi3-ts/oas31";
import { pathParts } from "@shared/api-route";
import type { Contract, ContractRoute } from "@shared/contract";
import type { Agent, TestApp } from "./app-harness";
import type { StripeStandIn } from "./stripe-stand-in";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

export type Caller = "anonymous" | "member" | "admin";

/** The request of one case: anything may be sent, including what the route must refuse. */
export interface CaseRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CaseTools {
  app: TestApp;
  /** The Stripe the app pays through: a case plays the customer's part (`stripe.succeed(id)`). */
  stripe: StripeStandIn;
  /** The signed-in caller's user id, for records a case sets up as theirs. */
  userIdOf(who: Exclude<Caller, "anonymous">): Promise<string>;
  /**
   * Sends the route's request as `who`, expects `status`, and checks the answer against the
   * document. `path` picks one of the route's aliases (a GET alias is checked with every send).
   */
  send(
    who: Caller,
    request: CaseRequest,
    status: number,
    path?: string,
  ): Promise<{ status: number; body: unknown; text: string }>;
}

/** One function per route of the contract, which must exercise each status the document lists for it. */
export type ContractCases<C extends Contract> = { [K in keyof C]: (t: CaseTools) => Promise<void> };

const CROSS_SITE_ORIGIN = "https://another-site.example";
/** A well-formed id for requests refused before their params are read (guards, cross-site). */
const ANY_ID = "00000000-0000-4000-8000-000000000000";

const pointer = (...parts: string[]) =>
  parts.map((part) => encodeURIComponent(part.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");

export async function createContractHarness(app: TestApp, agents: Record<Caller, Agent>, stripe: StripeStandIn) {
  const documentAnswer = await app.agent().get("/api/openapi.json").expect(200);
  const document = documentAnswer.body as OpenAPIObject;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "openapi");

  /** Every documented (operation, status), and the ones a case has produced. */
  const documented = new Map<string, Set<string>>();
  const seen = new Map<string, Set<string>>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, OperationObject>)) {
      // File routes (PDF, CSV, .ics) have no contract to run cases from: their features' tests
      // fetch each file, and api-docs.test.ts checks how they are documented.
      if (operation.tags?.includes(FILES_TAG)) continue;
      documented.set(`${method.toUpperCase()} ${path}`, new Set(Object.keys(operation.responses ?? {})));
    }
  }

  function check(route: ContractRoute, path: string, answer: { status: number; body: unknown; text: string }) {
    const key = `${route.method} ${path.replace(/:(\w+)/g, "{$1}")}`;
    const statuses = documented.get(key);
    expect(statuses, `${key} is not in the document`).toBeDefined();
    const status = String(answer.status);
    expect([...statuses!], `${key} answered ${status}, which the document does not list`).toContain(status);
    (seen.get(key) ?? seen.set(key, new Set()).get(key)!).add(status);
    const ref = `openapi#/${pointer("paths", key.slice(route.method.length + 1), route.method.toLowerCase(), "responses", status)}`;
    const response = ajv.getSchema(ref)?.schema as { content?: Record<string, unknown> } | undefined;
    if (!response?.content) {
      expect(answer.text, `${key} ${status} is documented without a body`).toBe("");
      return;
    }
    const validate = ajv.getSchema(`${ref}/${pointer("content", "application/json", "schema")}`);
    expect(validate, `${key} ${status}: no schema`).toBeDefined();
    const valid = validate!(answer.body);
    expect(valid, `${key} ${status}: ${ajv.errorsText(validate!.errors)}\n${answer.text.slice(0, 500)}`).toBe(true);
  }

  async function send(route: ContractRoute, who: Caller, request: CaseRequest, path = route.path) {
    const url = pathParts(path, request.params).join("/");
    const agent = who === "anonymous" ? app.agent() : agents[who];
    let pending = agent[route.method.toLowerCase() as "get"](url);
    if (request.query) pending = pending.query(request.query);
    for (const [name, value] of Object.entries(request.headers ?? {})) pending = pending.set(name, value);
    const res = await (request.body === undefined ? pending : pending.send(request.body as object));
    const answer = { status: res.status, body: res.body as unknown, text: res.text };
    check(route, path, answer);
    return answer;
  }

  /**
   * The errors every route of its kind gives are sent here, for each of its paths: signed out
   * (401), another role (403), another site (403); the case covers the rest.
   */
  async function sendDerivedErrors(route: ContractRoute) {
    const params = Object.fromEntries(
      route.path.split("/").flatMap((s) => (s.startsWith(":") ? [[s.slice(1), ANY_ID]] : [])),
    );
    for (const path of [route.path, ...route.aliases]) {
      if (route.access !== "public") expect((await send(route, "anonymous", { params }, path)).status).toBe(401);
      if (route.access === "admin") expect((await send(route, "member", { params }, path)).status).toBe(403);
      if (route.method !== "GET") {
        const crossSite = await send(route, "anonymous", { params, headers: { Origin: CROSS_SITE_ORIGIN } }, path);
        expect(crossSite.status).toBe(403);
      }
    }
  }

  return {
    document,
    /** Runs the cases of one contract: the derived errors, then each route's own case. */
    async run<C extends Contract>(contract: C, cases: ContractCases<C>) {
      for (const [name, route] of Object.entries(contract)) {
        await sendDerivedErrors(route);
        await cases[name]({
          app,
          stripe,
          async userIdOf(who) {
            return ((await agents[who].get("/api/auth/user").expect(200)).body as { id: string }).id;
          },
          async send(who, request, status, path) {
            const answer = await send(route, who, request, path);
            expect(answer.status, `${route.method} ${route.path}: ${answer.text.slice(0, 300)}`).toBe(status);
            // An alias answers exactly as the route's own path does.
            for (const alias of route.aliases) {
              if (route.method === "GET" && path === undefined)
                expect((await send(route, who, request, alias)).body).toEqual(answer.body);
            }
            return answer;
          },
        });
      }
    },
    /** Documented operations, or statuses of them, that no case produced. */
    uncovered(): string[] {
      const missing: string[] = [];
      for (const [key, statuses] of documented) {
        for (const status of statuses) if (!seen.get(key)?.has(status)) missing.push(`${key} ${status}`);
      }
      return missing;
    },
  };
}
