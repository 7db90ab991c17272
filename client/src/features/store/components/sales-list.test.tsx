import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { SalesList } from "./sales-list";

const sale = {
  id: "p1",
  email: "ada@fans.test",
  status: "paid",
  amount: "10.00",
  fee: "0.59",
  refunded: "3.33",
  refundable: "6.67",
  shopOrder: null,
  paidAt: "2031-05-02T10:00:00.000Z",
};

afterEach(() => vi.unstubAllGlobals());

describe("a release's sales on the admin store page", () => {
  it("names the shop order of a download bought in a cart, and offers no refund of it here", async () => {
    mockApi({
      "GET /api/releases/r1/store/sales": () => [{ ...sale, refunded: "0.00", refundable: "0.00", shopOrder: 1042 }],
    });
    renderPage(<SalesList releaseId="r1" />);
    const row = within((await screen.findByText("ada@fans.test")).closest("li")!);
    expect(row.getByText("Bought in shop order #1042: refunded by cancelling that order.")).toBeInTheDocument();
    expect(row.queryByRole("button", { name: "Refund" })).toBeNull();
  });

  it("shows each sale's fee and refunds, and refunds a part of what is left", async () => {
    const calls = mockApi({
      "GET /api/releases/r1/store/sales": () => [
        sale,
        {
          ...sale,
          id: "p2",
          email: "bo@fans.test",
          status: "refunded",
          fee: null,
          refunded: "5.00",
          refundable: "0.00",
        },
      ],
      "POST /api/store/purchases/p1/refund": ({ body }) =>
        (body as { amount: string }).amount === "7.00"
          ? json(
              {
                message: "At most $6.67 is left to refund",
                fieldErrors: { amount: ["At most $6.67 is left to refund"] },
              },
              400,
            )
          : json(
              {
                refundId: "re_1",
                amount: "2.00",
                message: "Refund of $2.00 asked of Stripe; the sale shows it once Stripe confirms it.",
              },
              202,
            ),
    });
    renderPage(<SalesList releaseId="r1" />);
    const paid = within((await screen.findByText("ada@fans.test")).closest("li")!);
    expect(paid.getByText("Card fee").nextSibling).toHaveTextContent("$0.59");
    expect(paid.getByText("Paid, $3.33 refunded")).toBeInTheDocument();
    const refunded = within(screen.getByText("bo@fans.test").closest("li")!);
    expect(refunded.getByText("Not known yet")).toBeInTheDocument();
    expect(refunded.queryByRole("button", { name: "Refund" })).toBeNull();

    const amount = paid.getByRole("textbox", { name: "Amount to refund to ada@fans.test (USD)" });
    expect(amount).toHaveValue("6.67");
    await userEvent.clear(amount);
    await userEvent.type(amount, "7.00");
    await userEvent.click(paid.getByRole("button", { name: "Refund" }));
    expect(await paid.findByText("At most $6.67 is left to refund")).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, "2.00");
    await userEvent.click(paid.getByRole("button", { name: "Refund" }));
    expect(await paid.findByRole("status")).toHaveTextContent("Refund of $2.00 asked of Stripe");
    expect(calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([
      { amount: "7.00" },
      { amount: "2.00" },
    ]);
  });
});
