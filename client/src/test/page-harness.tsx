// Renders a page as the app does (providers + router at a path) against a fake API, so a
// component test can assert on exactly what a page sends and shows.
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Providers } from "@/app/providers";
import type { CurrentUser } from "@shared/users";
import { currentUserQuery } from "@/lib/auth";
import { createQueryClient } from "@/lib/query-client";

export const adminUser: CurrentUser = {
  id: "u-admin",
  email: "boss@label.test",
  firstName: "Label",
  lastName: "Boss",
  profileImageUrl: null,
  role: "admin",
  labelName: null,
  labelLogoUrl: null,
  labelContactPhone: null,
  labelPostalAddress: null,
  labelReturnAddress: null,
  labelContactEmail: null,
};

export const memberUser: CurrentUser = {
  ...adminUser,
  id: "u-member",
  email: "fan@label.test",
  firstName: "Fan",
  role: "user",
};

export function json(body: unknown, status = 200): Response {
  return status === 204 ? new Response(null, { status }) : new Response(JSON.stringify(body), { status });
}

export type ApiCall = { method: string; url: string; body: unknown };
/** Answers one "METHOD /path" call; return a Response, or a value to send as JSON 200. */
export type Route = (call: ApiCall) => unknown;

/**
 * Stubs fetch. `routes` maps "GET /api/x" to a handler; "GET /api/auth/user" answers `user`
 * (or 401) unless overridden; anything else is a 404. Returns the list of calls made.
 */
/** Who mockApi signed in (undefined when the test answers the user itself), for renderPage. */
let knownUser: CurrentUser | null | undefined;
afterEach(() => {
  knownUser = undefined;
});

export function mockApi(routes: Record<string, Route>, user: CurrentUser | null = adminUser) {
  knownUser = "GET /api/auth/user" in routes ? undefined : user;
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const route = routes[`${method} ${url}`];
    if (route) {
      const answer = await route(call);
      return answer instanceof Response ? answer : json(answer);
    }
    if (method === "GET" && url === "/api/auth/user") {
      return user ? json(user) : json({ message: "Unauthorized" }, 401);
    }
    return json({ message: "Not found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

export function renderPage(ui: ReactNode, path = "/") {
  const { hook } = memoryLocation({ path });
  // The app renders a members' page only once it knows who is signed in (app/router.tsx), so a
  // page never starts in the visitor's frame and moves into the dashboard's; the same here.
  const queryClient = createQueryClient();
  if (knownUser !== undefined) queryClient.setQueryData(currentUserQuery.queryKey, knownUser);
  return render(
    <Providers queryClient={queryClient}>
      <Router hook={hook}>{ui}</Router>
    </Providers>,
  );
}
