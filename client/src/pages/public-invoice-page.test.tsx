import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetStripeFakes, stripeFakes } from "@/test/stripe-fakes";
import { Route } from "wouter";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { PublicInvoicePage } from "./public-invoice-page";

vi.mock("@stripe/stripe-js/pure", async () => (await import("@/test/stripe-fakes")).fakeStripeJs);
vi.mock("@stripe/react-stripe-js", async () => (await import("@/test/stripe-fakes")).fakeReactStripe);

const publicInvoice = (status: string, canPayByCard = false) => ({
  labelName: "Nova Music",
  canPayByCard,
  invoice: {
    id: "i1",
    invoiceNumber: "INV-77",
    issueDate: new Date(2027, 2, 1).toISOString(),
    dueDate: new Date(2027, 2, 31, 23, 59).toISOString(),
    companyName: "Nova Music",
    companyAddress: null,
    companyEmail: null,
    companyPhone: null,
    clientName: "Rosa Diaz",
    clientAddress: null,
    clientEmail: "rosa@client.test",
    clientPhone: null,
    subtotal: "100.00",
    tax: "7.50",
    taxMode: "percent",
    taxRate: "7.50",
    total: "107.50",
    notes: null,
    paymentInstructions: null as string | null,
    timeZone: null,
    status,
    items: [
      {
        id: "l1",
        invoiceId: "i1",
        description: "Mixing",
        quantity: 2,
        unitPrice: "50.00",
        total: "100.00",
        sortOrder: 0,
      },
    ],
  },
});

function open(token: string) {
  renderPage(<Route path="/pay/:token" component={PublicInvoicePage} />, `/pay/${token}`);
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetStripeFakes();
});

describe("public invoice page", () => {
  it("shows the invoice signed out, with its PDF, and says when it is paid", async () => {
    mockApi({ "GET /api/public/invoices/abc.def": () => publicInvoice("paid") }, null);
    open("abc.def");
    expect(await screen.findByRole("heading", { level: 1, name: "Invoice INV-77" })).toBeInTheDocument();
    expect(screen.getByText("Nova Music", { selector: "header p" })).toBeInTheDocument();
    expect(screen.getByText("Tax (7.50%)")).toBeInTheDocument();
    expect(screen.getByText("Paid. Thank you!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
      "href",
      "/api/public/invoices/abc.def/pdf",
    );
  });

  it("takes a card payment for the server's total and then says Paid", async () => {
    let paid = false;
    const calls = mockApi(
      {
        "GET /api/public/invoices/abc.def": () => publicInvoice(paid ? "paid" : "sent", !paid),
        "GET /api/config": () => ({ stripePublishableKey: "pk_test_123" }),
        "POST /api/public/invoices/abc.def/payment-intent": () => ({ clientSecret: "pi_9_secret_x" }),
        "POST /api/public/invoices/abc.def/complete": () => {
          paid = true;
          return { status: "paid" };
        },
      },
      null,
    );
    open("abc.def");
    await userEvent.click(await screen.findByRole("button", { name: "Pay now $107.50" }));
    stripeFakes.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: "pi_9", status: "succeeded" } });
    await userEvent.click(await screen.findByRole("button", { name: "Pay $107.50" }));
    expect(await screen.findByText("Paid. Thank you!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("Payment Successful!")).toBeInTheDocument());
    // No body at all: the page never sends an amount, the server prices the payment.
    expect(calls.find((c) => c.url.endsWith("/payment-intent"))?.body).toBeUndefined();
    expect(calls.find((c) => c.url.endsWith("/complete"))?.body).toEqual({ paymentIntentId: "pi_9" });
  });

  it("says in plain words that a link is not active, never the router's 404 text", async () => {
    mockApi({ "GET /api/public/invoices/abc.forged": () => json({ message: "Invoice not found" }, 404) }, null);
    open("abc.forged");
    expect(await screen.findByRole("heading", { level: 1, name: "Invoice unavailable" })).toBeInTheDocument();
    expect(screen.getByText("This invoice link isn't active. Ask the sender for a new one.")).toBeInTheDocument();
    expect(screen.queryByText(/404|Did you forget/)).toBeNull();
    expect(document.title).toMatch(/^Invoice unavailable/);
  });

  it("shows the amount due and the member's payment instructions when the client cannot pay by card", async () => {
    const sent = publicInvoice("sent");
    sent.invoice.paymentInstructions = "IBAN DE89 3704 0044 0532 0130 00\nNet 30";
    mockApi({ "GET /api/public/invoices/abc.def": () => sent }, null);
    open("abc.def");
    await screen.findByRole("heading", { level: 1, name: "Invoice INV-77" });
    expect(screen.getByText("Amount due").nextSibling).toHaveTextContent("$107.50");
    expect(screen.getByText("Sent", { selector: "[data-status]" })).toBeInTheDocument();
    const how = screen.getByRole("heading", { name: "How to pay" });
    expect(how.nextSibling).toHaveTextContent("IBAN DE89 3704 0044 0532 0130 00 Net 30");
    // One heading level below the page's title, so the outline reads in order.
    expect(how.tagName).toBe("H2");
    expect(screen.getByRole("heading", { name: "From" }).tagName).toBe("H2");
    expect(screen.queryByRole("button", { name: /Pay now/ })).toBeNull();
  });
});
