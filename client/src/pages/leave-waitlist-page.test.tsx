import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "wouter";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LEAVE_WAITLIST_ROUTE } from "@shared/routes";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { LeaveWaitlistPage } from "./leave-waitlist-page";

const TOKEN = "abcdefghijklmnop1234";

afterEach(() => vi.unstubAllGlobals());

const open = () =>
  renderPage(<Route path={LEAVE_WAITLIST_ROUTE} component={LeaveWaitlistPage} />, `/waitlist/leave/${TOKEN}`);

describe("leaving a waiting list by its e-mailed link", () => {
  it("changes nothing on opening, and leaves with the button", async () => {
    const user = userEvent.setup();
    const calls = mockApi({ [`DELETE /api/waitlist/${TOKEN}`]: () => json(null, 204) });
    open();
    const button = await screen.findByRole("button", { name: "Leave the waiting list" });
    // A mail scanner opening the link gives nobody's place away.
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent("You have left the waiting list.");
    await waitFor(() => expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1));
  });

  it("says so when the link is no longer on the list", async () => {
    const user = userEvent.setup();
    mockApi({ [`DELETE /api/waitlist/${TOKEN}`]: () => json({ message: "Not found" }, 404) });
    open();
    await user.click(await screen.findByRole("button", { name: "Leave the waiting list" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This link is no longer on the waiting list");
  });
});
