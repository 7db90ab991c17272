import type { Response } from "express";

/**
 * A page of the route table whose path names something (an invoice's public link) is a page
 * only when that thing exists. The feature that owns such a route checks it before the client
 * is served and marks the answer here; the client serving then sends the same page with 404
 * (docs/decisions/011-route-table.md).
 */
export function markPageNotFound(res: Response): void {
  res.locals.pageNotFound = true;
}

export function isPageMarkedNotFound(res: Response): boolean {
  return res.locals.pageNotFound === true;
}
