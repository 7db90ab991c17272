import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { AdminRoyaltyPeriodsPage } from "./admin-royalty-periods-page";

const OPEN = "11111111-1111-4111-8111-111111111111";
const CLOSED = "22222222-2222-4222-8222-222222222222";
const STATEMENT = "33333333-3333-4333-8333-333333333333";

const periods = [
  {
    id: OPEN,
    start: "2031-04-01",
    end: "2031-06-30",
    status: "open",
    closedAt: null,
    statementCount: 0,
    earned: "0.00",
    payable: "0.00",
  },
  {
    id: CLOSED,
    start: "2031-01-01",
    end: "2031-03-31",
    status: "closed",
    closedAt: "2031-04-02T10:00:00.000Z",
    statementCount: 1,
    earned: "555.00",
    payable: "180.00",
  },
];

const statement = {
  id: STATEMENT,
  periodId: CLOSED,
  payeeId: "44444444-4444-4444-8444-444444444444",
  payeeName: "Rosa Diaz",
  opening: "-375.00",
  earned: "555.00",
  advances: "0.00",
  closing: "180.00",
  payable: "180.00",
  paidOn: null,
  reference: null,
};

afterEach(() => vi.unstubAllGlobals());

describe("the Royalty Periods page", () => {
  it("says in plain words why a period cannot close yet", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/royalty-periods": () => periods,
      [`GET /api/royalty-periods/${CLOSED}/statements`]: () => [statement],
      [`POST /api/royalty-periods/${OPEN}/close`]: () =>
        json({ message: "3 unmatched lines dated inside this period remain: assign them first" }, 409),
    });
    renderPage(<AdminRoyaltyPeriodsPage />, "/admin/royalty-periods");
    const open = within((await screen.findByRole("heading", { name: "April 1 – June 30, 2031" })).closest("section")!);
    await user.click(open.getByRole("button", { name: "Close period" }));
    const confirm = within(await screen.findByRole("alertdialog"));
    await user.click(confirm.getByRole("button", { name: "Close period" }));
    expect(await open.findByRole("alert")).toHaveTextContent(
      "3 unmatched lines dated inside this period remain: assign them first",
    );
  });

  it("lists a closed period's statements and records a payout with its date and reference", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      "GET /api/royalty-periods": () => periods,
      [`GET /api/royalty-periods/${CLOSED}/statements`]: () => [statement],
      [`POST /api/statements/${STATEMENT}/payouts`]: () =>
        json({ id: "p1", statementId: STATEMENT, amount: "180.00", paidOn: "2031-04-15", reference: "TR-9" }, 201),
    });
    renderPage(<AdminRoyaltyPeriodsPage />, "/admin/royalty-periods");
    const row = within((await screen.findByRole("rowheader", { name: "Rosa Diaz" })).closest("tr")!);
    expect(row.getByText("-$375.00")).toBeInTheDocument();
    expect(row.getByRole("link", { name: "PDF of Rosa Diaz" })).toHaveAttribute(
      "href",
      `/api/statements/${STATEMENT}/pdf`,
    );
    await user.click(row.getByRole("button", { name: "Mark paid for Rosa Diaz" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Mark Rosa Diaz paid" }));
    const paidOn = dialog.getByLabelText("Paid on");
    await user.clear(paidOn);
    await user.type(paidOn, "2031-04-15");
    await user.type(dialog.getByLabelText("Reference (optional)"), "TR-9");
    await user.click(dialog.getByRole("button", { name: "Mark paid" }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({
        method: "POST",
        url: `/api/statements/${STATEMENT}/payouts`,
        body: { paidOn: "2031-04-15", reference: "TR-9" },
      }),
    );
  });

  it("tells a member that administrator access is required", async () => {
    mockApi({ "GET /api/royalty-periods": () => periods }, memberUser);
    renderPage(<AdminRoyaltyPeriodsPage />, "/admin/royalty-periods");
    expect(await screen.findByRole("heading", { name: "Administrator access required" })).toBeInTheDocument();
  });
});
