import type { RequestHandler } from "express";
import { HttpError } from "../lib/http-error";

/** Signed in: 401 otherwise (docs/product.md, "Sign-in and roles"). */
export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) throw HttpError.unauthorized();
  next();
};

/** Signed in as an administrator: 401 when signed out, 403 for any other role. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) throw HttpError.unauthorized();
  if (req.user.role !== "admin") throw HttpError.forbidden("Administrator access required");
  next();
};
