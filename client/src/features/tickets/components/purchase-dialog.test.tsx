import { QueryClient } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "@/app/providers";
import { createQueryClient } from "@/lib/query-client";
import { PurchaseDialog } from "./purchase-dialog";
import { parseTicketQuantity } from "../quantity";

const event = {
  id: "e1",
  name: "Neon Nights",
  artist: "Nova Reign",
  ticketPrice: "19.99",
  availableTickets: 5,
  maxPerOrder: 10,
};

function renderDialog(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>, shown = event) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal("fetch", fetchMock);
  const queryClient: QueryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, "invalidateQueries");
  const onClose = vi.fn();
  render(
    <Providers queryClient={queryClient}>
      <PurchaseDialog event={shown} onClose={onClose} />
    </Providers>,
  );
  const input = screen.getByLabelText("Number of Tickets") as HTMLInputElement;
  return { fetchMock, invalidate, onClose, input };
}

const neverCalled = async () => new Response("{}", { status: 500 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("parseTicketQuantity", () => {
  it("keeps the quantity between 1 and the tickets available; anything non-numeric is 1", () => {
    expect(parseTicketQuantity("3", 5)).toBe(3);
    expect(parseTicketQuantity("9", 5)).toBe(5);
    expect(parseTicketQuantity("0", 5)).toBe(1);
    expect(parseTicketQuantity("-4", 5)).toBe(1);
    expect(parseTicketQuantity("", 5)).toBe(1);
    expect(parseTicketQuantity("abc", 5)).toBe(1);
    expect(parseTicketQuantity("2.7", 5)).toBe(2);
  });
});

describe("PurchaseDialog", () => {
  it("opens at quantity 1 with the event, the price per ticket and the total", () => {
    const { input } = renderDialog(neverCalled);
    expect(screen.getByRole("heading", { name: "Purchase Tickets" })).toBeInTheDocument();
    expect(screen.getByText("Neon Nights — Nova Reign")).toBeInTheDocument();
    expect(input.value).toBe("1");
    expect(input.min).toBe("1");
    expect(input.max).toBe("5");
    expect(screen.getByText("Price per ticket").nextSibling).toHaveTextContent("$19.99");
    expect(screen.getByText("Total").nextSibling).toHaveTextContent("$19.99");
  });

  it("updates the total in exact cents and keeps the quantity within 1 and the tickets available", () => {
    const { input } = renderDialog(neverCalled);
    const total = () => screen.getByText("Total").nextSibling;

    fireEvent.change(input, { target: { value: "3" } });
    expect(input.value).toBe("3");
    expect(total()).toHaveTextContent("$59.97");

    fireEvent.change(input, { target: { value: "50" } });
    expect(input.value).toBe("5");
    expect(total()).toHaveTextContent("$99.95");

    fireEvent.change(input, { target: { value: "0" } });
    expect(input.value).toBe("1");

    fireEvent.change(input, { target: { value: "-3" } });
    expect(input.value).toBe("1");
  });

  it("falls back to 1 for non-numeric or empty input, letting the user retype the number", () => {
    const { input } = renderDialog(neverCalled);
    const total = () => screen.getByText("Total").nextSibling;
    fireEvent.change(input, { target: { value: "4" } });
    // A number input reports non-numeric text as "", which is what the dialog receives.
    fireEvent.change(input, { target: { value: "abc" } });
    expect(total()).toHaveTextContent("$19.99");
    fireEvent.blur(input);
    expect(input.value).toBe("1");

    fireEvent.change(input, { target: { value: "" } });
    fireEvent.change(input, { target: { value: "3" } });
    expect(input.value).toBe("3");
    expect(total()).toHaveTextContent("$59.97");
  });

  it("buys, shows 'Processing...' while pending, toasts success, refreshes events and tickets and closes", async () => {
    let answer!: (res: Response) => void;
    const { fetchMock, invalidate, onClose, input } = renderDialog(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    fireEvent.change(input, { target: { value: "2" } });
    await userEvent.click(screen.getByRole("button", { name: "Confirm Purchase" }));

    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/tickets/payment-intent");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ eventId: "e1", quantity: 2 });

    answer(new Response(JSON.stringify({ id: "p1", confirmationCode: "ABCDEFGH23" }), { status: 201 }));
    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(screen.getByText("Your tickets have been purchased successfully.")).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([["/api/events"], ["/api/tickets", "my"]]));
  });

  it("shows the server's reason when the purchase is refused", async () => {
    const { onClose } = renderDialog(
      async () => new Response(JSON.stringify({ message: "Only 1 ticket left" }), { status: 409 }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Confirm Purchase" }));
    expect(await screen.findByText("Error")).toBeInTheDocument();
    expect(screen.getByText("Only 1 ticket left")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Confirm Purchase" })).toBeEnabled();
  });

  it("falls back to 'Failed to purchase tickets' when the server gives no message", async () => {
    renderDialog(async () => new Response("", { status: 500 }));
    await userEvent.click(screen.getByRole("button", { name: "Confirm Purchase" }));
    expect(await screen.findByText("Failed to purchase tickets")).toBeInTheDocument();
  });

  it("allows no more than the event's per-order cap when fewer than the tickets left", () => {
    const { input } = renderDialog(neverCalled, { ...event, maxPerOrder: 3 });
    expect(input.max).toBe("3");
    fireEvent.change(input, { target: { value: "9" } });
    expect(input.value).toBe("3");
    expect(screen.getByText("5 available · up to 3 per order")).toBeInTheDocument();
  });

  it("shows the card step in the dialog for a priced order held until paid, without the success toast", async () => {
    const { onClose } = renderDialog(async (url) =>
      url === "/api/tickets/payment-intent"
        ? new Response(
            JSON.stringify({ id: "p1", status: "pending", totalAmount: "39.98", clientSecret: "pi_1_secret_2" }),
            { status: 201 },
          )
        : new Response(JSON.stringify({ stripePublishableKey: null }), { status: 200 }),
    );
    fireEvent.change(screen.getByLabelText("Number of Tickets"), { target: { value: "2" } });
    await userEvent.click(screen.getByRole("button", { name: "Confirm Purchase" }));
    expect(await screen.findByText("Your tickets are held for 10 minutes while you pay.")).toBeInTheDocument();
    expect(screen.getByText("$39.98")).toBeInTheDocument();
    expect(screen.queryByText("Success!")).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("closes on Cancel without buying", async () => {
    const { fetchMock, onClose } = renderDialog(neverCalled);
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
