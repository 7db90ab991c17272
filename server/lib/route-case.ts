import express, { type RequestHandler, type Router } from "express";

/**
 * Paths under /api, in any case. Routing is case-sensitive (app.ts), so "/API/health" names no
 * route; it is still the API's path, answered with the API's 404 and the data's headers
 * (lib/security-headers.ts), never as a page.
 */
export const isApiPath = (path: string) => /^\/api(\/|$)/i.test(path);

/**
 * A handler for a page of the client's route table, matched in any case as the client router
 * matches it (shared/routes.ts), where every other route of the app matches one spelling.
 */
export function pageRoute(path: string | string[], ...handlers: RequestHandler[]): Router {
  return express.Router({ caseSensitive: false }).get(path, ...handlers);
}
