import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "@/app/providers";
import { toast } from "@/hooks/use-toast";
import { createQueryClient } from "@/lib/query-client";
import { PurchaseDialog } from "./purchase-dialog";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

const event = {
  id: "e1",
  name: "Neon Nights",
  artist: "Nova Reign",
  ticketPrice: "19.99",
  availableTickets: 5,
  maxPerOrder: 10,
};

const toasts = () => vi.mocked(toast).mock.calls.map(([t]) => ({ title: t.title, description: t.description }));

function renderRefused(answer: object, status: number) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(answer), { status })),
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <PurchaseDialog event={event} onClose={vi.fn()} />
    </Providers>,
  );
  return screen.getByLabelText("Number of Tickets");
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe("PurchaseDialog's failures", () => {
  it("puts a refusal's field errors beside Number of Tickets, focused, with one toast in the server's words", async () => {
    const message = "At most 4 tickets per order";
    const input = renderRefused({ message, fieldErrors: { quantity: [message] } }, 400);
    await userEvent.click(screen.getByRole("button", { name: "Confirm Purchase" }));

    await waitFor(() => expect(input).toHaveAttribute("aria-invalid", "true"));
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(input).toHaveFocus();
    expect(toasts()).toEqual([{ title: "Error", description: message }]);
  });

  it("shows one toast, 'Failed to purchase tickets', when the server gives no message", async () => {
    renderRefused({}, 500);
    await userEvent.click(screen.getByRole("button", { name: "Confirm Purchase" }));
    await waitFor(() => expect(toasts()).toEqual([{ title: "Error", description: "Failed to purchase tickets" }]));
  });
});
