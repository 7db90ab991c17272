import { describe, expect, it } from "vitest";
import { ApiError, errorMessage, throwIfResNotOk } from "@/lib/api-request";

async function failureOf(response: Response): Promise<ApiError> {
  return (await throwIfResNotOk(response).then(
    () => undefined,
    (e: unknown) => e,
  )) as ApiError;
}

describe("throwIfResNotOk", () => {
  it("resolves for an OK answer without reading it", async () => {
    const answer = new Response('{"id":"1"}', { status: 200 });
    await expect(throwIfResNotOk(answer)).resolves.toBeUndefined();
    expect(answer.bodyUsed).toBe(false);
  });

  it('throws an ApiError whose message is "status: response text", having read the answer to its end', async () => {
    const answer = new Response("Not allowed here", { status: 403, statusText: "Forbidden" });

    const error = await failureOf(answer);

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.statusText).toBe("Forbidden");
    expect(error.message).toBe("403: Not allowed here");
    expect(error.serverMessage).toBeUndefined();
    expect(answer.bodyUsed).toBe(true);
  });

  it("falls back to the status text when the body is empty", async () => {
    const error = await failureOf(new Response("", { status: 500, statusText: "Internal Server Error" }));
    expect(error.message).toBe("500: Internal Server Error");
  });

  it("keeps the JSON body's message and field errors for toasts and forms", async () => {
    const body = { message: "Not enough tickets left", fieldErrors: { quantity: ["Too many"] } };

    const error = await failureOf(new Response(JSON.stringify(body), { status: 409, statusText: "Conflict" }));

    expect(error.message).toBe(`409: ${JSON.stringify(body)}`);
    expect(error.serverMessage).toBe("Not enough tickets left");
    expect(error.fieldErrors).toEqual({ quantity: ["Too many"] });
  });
});

describe("errorMessage", () => {
  it("prefers the server's message", () => {
    expect(errorMessage(new ApiError(409, "409: {}", { serverMessage: "Sold out" }), "Failed")).toBe("Sold out");
  });

  it("uses the fallback for errors without a server message", () => {
    expect(errorMessage(new ApiError(502, "502: <html>"), "Failed")).toBe("Failed");
    expect(errorMessage(new TypeError("Failed to fetch"), "Failed")).toBe("Failed");
    expect(errorMessage("nope", "Failed")).toBe("Failed");
  });
});
