import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { errorHandler } from "./error-handler";
import { HttpError } from "./http-error";

function call(error: unknown) {
  const log = { debug: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const res = { headersSent: false, setHeader: vi.fn(), status: vi.fn(), json: vi.fn() };
  res.status.mockReturnValue(res);
  errorHandler(
    error,
    { log, path: "/assets/page.js", id: "req-1" } as unknown as Request,
    res as unknown as Response,
    vi.fn() as NextFunction,
  );
  return { log, res };
}

describe("errorHandler", () => {
  it("answers nothing and logs no error when the client closed the connection mid-file", () => {
    const aborted = Object.assign(new Error("Request aborted"), { code: "ECONNABORTED" });
    const { log, res } = call(aborted);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.debug).toHaveBeenCalledTimes(1);
    expect(res.status).not.toHaveBeenCalled();
  });

  it("still logs and answers 500 for an error of our own", () => {
    const { log, res } = call(new Error("boom"));
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(res.status).toHaveBeenCalledWith(500);
  });

  it("answers an HttpError with its own status and message", () => {
    const { res } = call(HttpError.notFound("No such page"));
    expect(res.status).toHaveBeenCalledWith(404);
    expect(res.json).toHaveBeenCalledWith({ message: "No such page" });
  });
});
