import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { fileRoute, route } from "@shared/api-route";
import { apiErrorSchema, defineContract, idParams, NO_CONTENT } from "@shared/contract";
import { apiClient, pathOf } from "@/lib/api-client";
import { ApiError } from "@/lib/api-request";
import { json, mockApi } from "@/test/page-harness";

// A contract of its own, so these tests hold whatever the features' contracts become.
const itemSchema = z.object({ id: z.string(), name: z.string() });
const itemsApi = {
  list: route("GET", "/api/items", "public"),
  get: route("GET", "/api/items/:id/details", "member"),
  update: route("PATCH", "/api/items/:id", "admin"),
  remove: route("DELETE", "/api/items/:id", "admin"),
};
const itemsContract = defineContract("items", itemsApi, {
  list: {
    summary: "Items",
    query: z.object({ kind: z.enum(["a", "b"]).optional(), page: z.coerce.number().optional() }),
    responses: { 200: z.array(itemSchema) },
  },
  get: { summary: "One item", params: idParams, responses: { 200: itemSchema, 404: apiErrorSchema } },
  update: {
    summary: "Changes an item",
    params: idParams,
    body: z.object({ name: z.string() }),
    responses: { 200: itemSchema },
  },
  remove: { summary: "Deletes an item", params: idParams, responses: { 204: NO_CONTENT } },
});
const api = apiClient<typeof itemsContract>(itemsApi);

afterEach(() => vi.unstubAllGlobals());

describe("apiClient", () => {
  it("builds the URL from the route's path, its params (encoded) and the query's non-empty fields", async () => {
    const calls = mockApi({
      "GET /api/items?kind=a&page=2": () => [{ id: "1", name: "One" }],
      "GET /api/items": () => [],
      "GET /api/items/a%2Fb%3Fc/details": () => ({ id: "a/b?c", name: "Odd" }),
    });
    expect(await api.list({ query: { kind: "a", page: 2 } })).toEqual([{ id: "1", name: "One" }]);
    expect(await api.list({ query: { kind: undefined } })).toEqual([]);
    expect(await api.get({ params: { id: "a/b?c" } })).toEqual({ id: "a/b?c", name: "Odd" });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      "GET /api/items?kind=a&page=2",
      "GET /api/items",
      "GET /api/items/a%2Fb%3Fc/details",
    ]);
  });

  it("sends the body as JSON with the route's method and the session cookie, and reads a 204 as nothing", async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      init?.method === "DELETE" ? new Response(null, { status: 204 }) : json({ id: "7", name: "Seven" }),
    );
    vi.stubGlobal("fetch", fetchMock);
    expect(await api.update({ params: { id: "7" }, body: { name: "Seven" } })).toEqual({ id: "7", name: "Seven" });
    expect(await api.remove({ params: { id: "7" } })).toBeUndefined();
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method, init?.body, init?.credentials])).toEqual([
      ["/api/items/7", "PATCH", '{"name":"Seven"}', "include"],
      ["/api/items/7", "DELETE", undefined, "include"],
    ]);
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ "Content-Type": "application/json" });
  });

  it("throws an ApiError with the status, the server's message and its field errors", async () => {
    mockApi({
      "PATCH /api/items/7": () =>
        json({ message: "Invalid body: name: Required", fieldErrors: { name: ["Required"] } }, 400),
    });
    const error = await api.update({ params: { id: "7" }, body: { name: "" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      serverMessage: "Invalid body: name: Required",
      fieldErrors: { name: ["Required"] },
    });
  });

  it("keys each read by its path's parts and its query, so a resource's key is a prefix of all of its reads", () => {
    expect(api.list.key()).toEqual(["/api/items"]);
    expect(api.list.key({ query: { kind: "b" } })).toEqual(["/api/items", { kind: "b" }]);
    expect(api.get.key({ params: { id: "9" } })).toEqual(["/api/items", "9", "details"]);
    expect(api.get.key({ params: { id: "9" } }).join("/")).toBe("/api/items/9/details");
    expect(api.get.query({ params: { id: "9" } }).queryKey).toEqual(["/api/items", "9", "details"]);
    expect(api.update.key({ params: { id: "7" } }).join("/")).toBe(itemsContract.update.path.replace(":id", "7"));
  });

  it("accepts only the contract's own route table", () => {
    // @ts-expect-error a table whose path differs from the contract's does not compile
    apiClient<typeof itemsContract>({ ...itemsApi, list: route("GET", "/api/other", "public") });
  });
});

describe("pathOf", () => {
  const files = {
    pdf: fileRoute("/api/things/:id/pdf", "member"),
    export: fileRoute("/api/things/export.csv", "admin"),
  };

  it("fills a file route's params, encoded, so an id never reaches another path", () => {
    expect(pathOf(files.pdf, { id: "7" })).toBe("/api/things/7/pdf");
    expect(pathOf(files.pdf, { id: "../x?y" })).toBe("/api/things/..%2Fx%3Fy/pdf");
    // @ts-expect-error a route with params cannot be linked without them
    expect(() => pathOf(files.pdf)).toThrow("no value for :id");
  });

  it("adds the query's sent fields only", () => {
    expect(pathOf(files.export)).toBe("/api/things/export.csv");
    expect(pathOf(files.export, {}, { status: "paid", q: "", from: undefined })).toBe(
      "/api/things/export.csv?status=paid",
    );
  });
});
