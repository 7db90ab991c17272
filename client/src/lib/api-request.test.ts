import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, errorMessage } from "@/lib/api-request";
import { getQueryFn } from "@/lib/query-client";
import type { QueryFunctionContext } from "@tanstack/react-query";

function mockFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** Runs the default query function the way react-query would, always as a promise. */
function runQueryFn(on401: "returnNull" | "throw", queryKey: readonly unknown[]) {
  const context = { queryKey, signal: new AbortController().signal, meta: undefined };
  return Promise.resolve(getQueryFn({ on401 })(context as unknown as QueryFunctionContext));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends a JSON body with a JSON content type and credentials included", async () => {
    const fetchMock = mockFetch(new Response('{"id":"1"}', { status: 201 }));

    const res = await apiRequest("POST", "/api/tour-dates", { artistName: "Luna" });

    expect(await res.json()).toEqual({ id: "1" });
    expect(fetchMock).toHaveBeenCalledWith("/api/tour-dates", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ artistName: "Luna" }),
      credentials: "include",
    });
  });

  it("sends no body or content type when there is no payload", async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));

    await apiRequest("DELETE", "/api/tour-dates/1");

    const init = fetchMock.mock.calls[0][1];
    expect(init).toMatchObject({ method: "DELETE", credentials: "include", headers: {} });
    expect(init?.body).toBeUndefined();
  });

  it('throws an ApiError whose message is "status: response text"', async () => {
    mockFetch(new Response("Not allowed here", { status: 403, statusText: "Forbidden" }));

    const error = await apiRequest("GET", "/api/vendor-bookings").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).message).toBe("403: Not allowed here");
    expect((error as ApiError).serverMessage).toBeUndefined();
  });

  it("falls back to the status text when the body is empty", async () => {
    mockFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));

    await expect(apiRequest("GET", "/api/events")).rejects.toThrow("500: Internal Server Error");
  });

  it("keeps the JSON body's message and field errors for toasts and forms", async () => {
    const body = { message: "Not enough tickets left", fieldErrors: { quantity: ["Too many"] } };
    mockFetch(new Response(JSON.stringify(body), { status: 409, statusText: "Conflict" }));

    const error = (await apiRequest("POST", "/api/tickets", { eventId: "e", quantity: 9 }).catch(
      (e: unknown) => e,
    )) as ApiError;

    expect(error.message).toBe(`409: ${JSON.stringify(body)}`);
    expect(error.serverMessage).toBe("Not enough tickets left");
    expect(error.fieldErrors).toEqual({ quantity: ["Too many"] });
  });
});

describe("errorMessage", () => {
  it("prefers the server's message", () => {
    const error = new ApiError(400, '400: {"message":"Bad date"}', { serverMessage: "Bad date" });
    expect(errorMessage(error, "Failed to create invoice")).toBe("Bad date");
  });

  it("uses the fallback for errors without a server message", () => {
    expect(errorMessage(new ApiError(502, "502: <html>"), "Failed")).toBe("Failed");
    expect(errorMessage(new TypeError("Failed to fetch"), "Failed")).toBe("Failed");
    expect(errorMessage("nope", "Failed")).toBe("Failed");
  });
});

describe("getQueryFn", () => {
  it("GETs the query key parts joined with '/' with credentials included", async () => {
    const fetchMock = mockFetch(new Response('[{"id":"r1"}]', { status: 200 }));

    const data = await runQueryFn("throw", ["/api/invoices", "my"]);

    expect(data).toEqual([{ id: "r1" }]);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/invoices/my");
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: "include" });
  });

  it('returns null on 401 with on401 "returnNull", having read the answer to its end', async () => {
    const answer = new Response('{"message":"Unauthorized"}', { status: 401 });
    mockFetch(answer);

    await expect(runQueryFn("returnNull", ["/api/auth/user"])).resolves.toBeNull();
    expect(answer.bodyUsed).toBe(true);
  });

  it('throws on 401 with on401 "throw"', async () => {
    mockFetch(new Response('{"message":"Unauthorized"}', { status: 401, statusText: "Unauthorized" }));

    const error = (await runQueryFn("throw", ["/api/auth/user"]).catch((e) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('401: {"message":"Unauthorized"}');
  });

  it("throws other failures even with returnNull", async () => {
    mockFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));

    await expect(runQueryFn("returnNull", ["/api/auth/user"])).rejects.toThrow("500: Internal Server Error");
  });
});
