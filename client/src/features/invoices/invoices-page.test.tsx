import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { memberUser, mockApi, renderPage } from "@/test/page-harness";
import { InvoicesPage } from "@/pages/invoices-page";
import { detailedInvoice, INVOICE_ID, listedInvoice as invoice } from "./invoice-test-data";

afterEach(() => vi.unstubAllGlobals());

/** The page as the router mounts it: one route for the list and for one invoice over it. */
const renderInvoices = (path = "/invoices") =>
  renderPage(<Route path="/invoices/:id?" component={InvoicesPage} />, path);

const card = async (name: string) => within((await screen.findByRole("heading", { name })).closest("li")!);

describe("Invoices page", () => {
  it("lists invoices with number, client, status badge, dates, total and View", async () => {
    mockApi(
      {
        "GET /api/invoices/my": () => [
          invoice(),
          invoice({ id: "2", invoiceNumber: "INV-1002", status: "overdue", total: "5.00" }),
          invoice({ id: "3", invoiceNumber: "INV-1003", status: "paid" }),
          invoice({ id: "4", invoiceNumber: "INV-1004", status: "draft" }),
        ],
      },
      memberUser,
    );
    renderInvoices();
    expect(screen.getByRole("heading", { level: 1, name: "Invoices" })).toBeInTheDocument();
    expect(screen.getByText("Create and manage invoices for your clients")).toBeInTheDocument();

    const first = await card("INV-1001");
    expect(first.getByText("Nova Reign")).toBeInTheDocument();
    expect(first.getByText("Mar 1, 2027")).toBeInTheDocument();
    expect(first.getByText("Mar 31, 2027")).toBeInTheDocument();
    expect(first.getByText("$220.47")).toBeInTheDocument();
    expect(first.getByRole("button", { name: "View INV-1001" })).toHaveTextContent("View");
    expect(first.getByText("Sent")).toHaveClass("bg-secondary");
    expect((await card("INV-1002")).getByText("Overdue")).toHaveClass("bg-destructive");
    expect((await card("INV-1003")).getByText("Paid")).toHaveClass("bg-primary");
    expect((await card("INV-1004")).getByText("Draft")).toHaveClass("border-border");
  });

  it("totals the invoices by status, and each total filters the list to its invoices", async () => {
    const user = userEvent.setup();
    mockApi(
      {
        "GET /api/invoices/my": () => [
          invoice({ id: "1", invoiceNumber: "INV-S1", status: "sent", total: "100.10" }),
          invoice({ id: "2", invoiceNumber: "INV-S2", status: "sent", total: "0.20" }),
          invoice({ id: "3", invoiceNumber: "INV-O1", status: "overdue", total: "450.00" }),
          invoice({ id: "4", invoiceNumber: "INV-P1", status: "paid", total: "1200.00" }),
          invoice({ id: "5", invoiceNumber: "INV-C1", status: "cancelled", total: "999.00" }),
        ],
      },
      memberUser,
    );
    renderInvoices();
    const filters = within(await screen.findByRole("group", { name: "Filter invoices by status" }));
    const filter = (name: RegExp) => filters.getByRole("button", { name });
    // Cents, never floats: 100.10 + 0.20 is 100.30. A cancelled invoice counts, but owes nothing.
    expect(filter(/^All/)).toHaveTextContent("All5 invoices$1,750.30");
    expect(filter(/^Draft/)).toHaveTextContent("Draft0 invoices$0.00");
    expect(filter(/^Sent/)).toHaveTextContent("Sent2 invoices$100.30");
    expect(filter(/^Overdue/)).toHaveTextContent("Overdue1 invoice$450.00");
    expect(filter(/^Paid/)).toHaveTextContent("Paid1 invoice$1,200.00");
    expect(filter(/^All/)).toHaveAttribute("aria-pressed", "true");

    await user.click(filter(/^Overdue/));
    expect(filter(/^Overdue/)).toHaveAttribute("aria-pressed", "true");
    expect(filter(/^All/)).toHaveAttribute("aria-pressed", "false");
    const shown = () =>
      within(screen.getByRole("main"))
        .queryAllByRole("listitem")
        .map((li) => within(li).getByRole("heading").textContent);
    expect(shown()).toEqual(["INV-O1"]);
    await user.click(filter(/^Sent/));
    expect(shown()).toEqual(["INV-S1", "INV-S2"]);
    await user.click(filter(/^Draft/));
    expect(screen.getByText("No draft invoices.")).toBeInTheDocument();
    await user.click(filter(/^All/));
    expect(shown()).toHaveLength(5);
  });

  it("shows the loading text, then the empty state with a create button that opens the dialog", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /api/invoices/my": () => [] }, memberUser);
    renderInvoices();
    expect(screen.getByText("Loading invoices...")).toBeInTheDocument();
    const empty = (await screen.findByRole("heading", { name: "No Invoices Yet" })).closest("section")!;
    expect(within(empty).getByText("Create your first invoice to get started")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Filter invoices by status" })).toBeNull();
    await user.click(within(empty).getByRole("button", { name: "Create Invoice" }));
    expect(await screen.findByRole("dialog", { name: "Create New Invoice" })).toBeInTheDocument();
  });

  it("opens an invoice at its own address, /invoices/{id}, and closes back to the list", async () => {
    const user = userEvent.setup();
    mockApi(
      {
        "GET /api/invoices/my": () => [invoice()],
        [`GET /api/invoices/${INVOICE_ID}`]: () => detailedInvoice(),
      },
      memberUser,
    );
    renderInvoices(`/invoices/${INVOICE_ID}`);
    const dialog = await screen.findByRole("dialog", { name: "Invoice INV-1001" });
    expect(await within(dialog).findByText("Label Records")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("heading", { name: "INV-1001" })).toBeInTheDocument();

    // View goes to the same address.
    await user.click(screen.getByRole("button", { name: "View INV-1001" }));
    expect(await screen.findByRole("dialog", { name: "Invoice INV-1001" })).toBeInTheDocument();
  });

  it("starts a new invoice with the company details and payment instructions of the last one", async () => {
    const user = userEvent.setup();
    mockApi(
      {
        "GET /api/invoices/my": () => [
          invoice({
            invoiceNumber: "INV-NEW",
            companyName: null,
            companyAddress: null,
            companyEmail: null,
            paymentInstructions: null,
          }),
          invoice({ id: "2", invoiceNumber: "INV-LAST", companyName: "Nova Music", companyPhone: "555-0199" }),
          invoice({ id: "3", invoiceNumber: "INV-OLD", companyName: "Old Name" }),
        ],
      },
      memberUser,
    );
    renderInvoices();
    await card("INV-LAST");
    await user.click(screen.getAllByRole("button", { name: "Create Invoice" })[0]);
    const form = within(await screen.findByRole("dialog", { name: "Create New Invoice" }));
    const value = (label: string) => (form.getByLabelText(label) as HTMLInputElement).value;
    expect(value("Company Name")).toBe("Nova Music");
    expect(value("Company Email")).toBe("billing@label.test");
    expect(value("Company Phone")).toBe("555-0199");
    expect(value("Company Address")).toBe("1 Studio Way\nNashville, TN 37203");
    expect(value("Payment Instructions")).toBe("Bank transfer to IBAN DE89 3704 0044 0532 0130 00");
    // Everything about the client starts empty, and the number is still "INV-" and the time.
    expect(value("Client Name")).toBe("");
    expect(value("Invoice Number")).toMatch(/^INV-\d{13}$/);
  });
});
