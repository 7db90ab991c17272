import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "@/app/providers";
import { createQueryClient } from "@/lib/query-client";
import { PurchaseDialog } from "./purchase-dialog";

const event = {
  id: "e1",
  name: "Neon Nights",
  artist: "Nova Reign",
  ticketPrice: "20.00",
  availableTickets: 5,
  maxPerOrder: 10,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderDialog(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal("fetch", fetchMock);
  render(
    <Providers queryClient={createQueryClient()}>
      <PurchaseDialog event={event} onClose={vi.fn()} />
    </Providers>,
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("PurchaseDialog with a promo code", () => {
  it("keeps its title, fields and button; 'Have a code?' prices the code on the server and shows the discount line", async () => {
    const fetchMock = renderDialog(async (url) =>
      url.endsWith("/api/tickets/quote")
        ? json({ unitPrice: "20.00", discount: "5.00", total: "15.00", discountedTickets: 1 })
        : json({}, 500),
    );
    expect(screen.getByRole("heading", { name: "Purchase Tickets" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Confirm Purchase" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Have a code?" }));
    await userEvent.type(screen.getByLabelText("Promo code"), "spring");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.getByText("Discount (SPRING)").nextSibling).toHaveTextContent("−$5.00"));
    expect(screen.getByText("Total").nextSibling).toHaveTextContent("$15.00");
    const [, init] = fetchMock.mock.calls.find(([url]) => url.endsWith("/api/tickets/quote"))!;
    expect(JSON.parse(String(init?.body))).toEqual({ eventId: "e1", quantity: 1, code: "spring" });
  });

  it("says the server's refusal under the field and keeps the full total", async () => {
    renderDialog(async () =>
      json({ message: "This code has expired.", fieldErrors: { code: ["This code has expired."] } }, 400),
    );
    await userEvent.click(screen.getByRole("button", { name: "Have a code?" }));
    await userEvent.type(screen.getByLabelText("Promo code"), "OLD");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This code has expired.");
    expect(screen.getByText("Total").nextSibling).toHaveTextContent("$20.00");
  });
});
