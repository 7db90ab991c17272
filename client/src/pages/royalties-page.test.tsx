import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { RoyaltiesPage } from "./royalties-page";

const statement = (overrides: Record<string, unknown> = {}) => ({
  id: "33333333-3333-4333-8333-333333333333",
  periodId: "44444444-4444-4444-8444-444444444444",
  payeeId: "55555555-5555-4555-8555-555555555555",
  payeeName: "Rosa Diaz",
  opening: "-375.00",
  earned: "555.00",
  advances: "0.00",
  closing: "180.00",
  payable: "180.00",
  paidOn: null,
  reference: null,
  periodStart: "2031-04-01",
  periodEnd: "2031-06-30",
  bySource: [],
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe("the Royalties page", () => {
  it("shows each statement's figures, its payment state and its PDF and CSV links, newest first", async () => {
    mockApi(
      {
        "GET /api/statements/my": () => [
          statement(),
          statement({
            id: "66666666-6666-4666-8666-666666666666",
            periodStart: "2031-01-01",
            periodEnd: "2031-03-31",
            opening: "0.00",
            earned: "625.00",
            advances: "1000.00",
            closing: "-375.00",
            payable: "0.00",
          }),
        ],
      },
      memberUser,
    );
    renderPage(<RoyaltiesPage />, "/royalties");
    const newest = (await screen.findByRole("heading", { name: "April 1 – June 30, 2031" })).closest("li")!;
    const card = within(newest);
    expect(card.getByText("-$375.00")).toBeInTheDocument();
    expect(card.getAllByText("$180.00")).toHaveLength(2);
    expect(card.getByText("Payment due")).toBeInTheDocument();
    expect(card.getByRole("link", { name: "PDF of the statement for April 1 – June 30, 2031" })).toHaveAttribute(
      "href",
      "/api/statements/33333333-3333-4333-8333-333333333333/pdf",
    );
    expect(card.getByRole("link", { name: "CSV lines of the statement for April 1 – June 30, 2031" })).toHaveAttribute(
      "href",
      "/api/statements/33333333-3333-4333-8333-333333333333/lines.csv",
    );
    const older = within(screen.getByRole("heading", { name: "January 1 – March 31, 2031" }).closest("li")!);
    expect(older.getByText("Carried forward")).toBeInTheDocument();
    const headings = screen
      .getAllByRole("heading", { level: 2 })
      .map((h) => h.textContent)
      .filter((text) => text?.endsWith("2031"));
    expect(headings).toEqual(["April 1 – June 30, 2031", "January 1 – March 31, 2031"]);
  });

  it("names where each statement's earned came from: distributors and the label store", async () => {
    const bySource = [
      { source: "distributor", label: "Distributors", amount: "500.12" },
      { source: "store", label: "Label store", amount: "54.88" },
    ];
    mockApi({ "GET /api/statements/my": () => [statement({ bySource })] }, memberUser);
    renderPage(<RoyaltiesPage />, "/royalties");
    const sources = await screen.findByLabelText("Earned by source");
    expect(within(sources).getByText("Distributors").nextSibling).toHaveTextContent("$500.12");
    expect(within(sources).getByText("Label store").nextSibling).toHaveTextContent("$54.88");
  });

  it("says how much of the advance is left to recoup, from the newest statement", async () => {
    mockApi(
      {
        "GET /api/statements/my": () => [
          statement({ opening: "0.00", earned: "625.00", advances: "1000.00", closing: "-375.00", payable: "0.00" }),
        ],
      },
      memberUser,
    );
    renderPage(<RoyaltiesPage />, "/royalties");
    const advance = await screen.findByRole("region", { name: "Advance" });
    expect(advance).toHaveTextContent("Advance left to recoup: $375.00");
    const card = within(screen.getByRole("heading", { name: "April 1 – June 30, 2031" }).closest("li")!);
    expect(card.getByText("Advance recouped").nextSibling).toHaveTextContent("$1,000.00");
  });

  it("says the advance is recouped once the newest statement closes above zero", async () => {
    mockApi(
      {
        "GET /api/statements/my": () => [
          statement(),
          statement({ id: "s-old", periodStart: "2031-01-01", periodEnd: "2031-03-31", advances: "1000.00" }),
        ],
      },
      memberUser,
    );
    renderPage(<RoyaltiesPage />, "/royalties");
    expect(await screen.findByText("Your advance is fully recouped.")).toBeInTheDocument();
    expect(screen.queryByText(/left to recoup/)).toBeNull();
  });

  it("makes each statement file link a 44 × 44 px tap target on a phone", async () => {
    mockApi({ "GET /api/statements/my": () => [statement()] }, memberUser);
    renderPage(<RoyaltiesPage />, "/royalties");
    for (const name of [/^PDF of/, /^CSV lines of/]) {
      const link = await screen.findByRole("link", { name });
      // Tailwind's min-h-11 and min-w-11 are 2.75rem, 44 px; sm: gives pointers text links again.
      expect(link).toHaveClass("min-h-11", "min-w-11", "inline-flex", "items-center");
    }
  });

  it("tells a member who is no payee that there is nothing yet, not that something failed", async () => {
    mockApi(
      { "GET /api/statements/my": () => json({ message: "No royalty statements for this account" }, 404) },
      memberUser,
    );
    renderPage(<RoyaltiesPage />, "/royalties");
    expect(await screen.findByRole("heading", { name: "No Royalty Statements" })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load/)).toBeNull();
  });

  it("offers to try again when the statements could not be read", async () => {
    mockApi({ "GET /api/statements/my": () => json({ message: "Something went wrong" }, 500) }, memberUser);
    renderPage(<RoyaltiesPage />, "/royalties");
    expect(await screen.findByRole("button", { name: /Try again/ })).toBeInTheDocument();
  });
});
