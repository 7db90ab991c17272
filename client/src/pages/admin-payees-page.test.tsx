import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { AdminPayeesPage } from "./admin-payees-page";

afterEach(() => vi.unstubAllGlobals());

const PAYEE = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Ada Producer",
  email: "ada@payee.test",
  artistName: null,
  platformShare: "0.00",
  createdAt: "2026-01-01T00:00:00.000Z",
};

const DETAIL = {
  ...PAYEE,
  splits: [{ releaseId: "r1", releaseTitle: "Night Drive", trackId: null, trackTitle: null, share: "25.00" }],
  advances: [
    {
      id: "a1",
      payeeId: PAYEE.id,
      amount: "1500.00",
      date: "2026-02-01",
      note: "Signing",
      statementId: null,
      createdAt: "2026-02-01T00:00:00.000Z",
    },
  ],
};

describe("AdminPayeesPage", () => {
  it("says so when there are no payees", async () => {
    mockApi({ "GET /api/payees": () => [] });
    renderPage(<AdminPayeesPage />, "/admin/payees");
    expect(await screen.findByText("No payees yet")).toBeInTheDocument();
  });

  it("opens a payee's splits and advances, and adds an advance, showing the server's field message", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      "GET /api/payees": () => [PAYEE],
      [`GET /api/payees/${PAYEE.id}`]: () => DETAIL,
      [`POST /api/payees/${PAYEE.id}/advances`]: () =>
        json({ message: "Invalid body", fieldErrors: { date: ["Enter a date between the years 1900 and 9999"] } }, 400),
    });
    renderPage(<AdminPayeesPage />, "/admin/payees");
    await user.click(await screen.findByRole("button", { name: "Ada Producer" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("Night Drive")).toBeInTheDocument();
    expect(within(dialog).getByText("25%")).toBeInTheDocument();
    expect(within(dialog).getByText("$1,500.00")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Amount (USD)"), "250");
    await user.click(within(dialog).getByRole("button", { name: "Add advance" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Date")).toHaveAccessibleDescription(
        "Enter a date between the years 1900 and 9999",
      ),
    );
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({ amount: "250.00" });
  });
});
