import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memberUser, mockApi, renderPage } from "@/test/page-harness";
import { InvoicesPage } from "@/pages/invoices-page";

const invoice = (overrides: Record<string, unknown> = {}) => ({
  id: "11111111-1111-4111-8111-111111111111",
  userId: "u-member",
  invoiceNumber: "INV-1001",
  issueDate: new Date(2027, 2, 1).toISOString(),
  dueDate: new Date(2027, 2, 31, 23, 59).toISOString(),
  companyName: "Label Records",
  companyAddress: "1 Studio Way",
  companyEmail: "billing@label.test",
  companyPhone: null,
  clientName: "Nova Reign",
  clientAddress: null,
  clientEmail: "nova@artist.test",
  clientPhone: "555-0100",
  subtotal: "209.97",
  tax: "10.50",
  total: "220.47",
  notes: "Thank you!",
  status: "sent",
  createdAt: "2027-03-01T10:00:00.000Z",
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

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
    renderPage(<InvoicesPage />, "/invoices");
    expect(screen.getByRole("heading", { level: 1, name: "Invoices" })).toBeInTheDocument();
    expect(screen.getByText("Create and manage invoices for your clients")).toBeInTheDocument();
    const card = async (name: string) => within((await screen.findByRole("heading", { name })).closest("li")!);

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

  it("shows the loading text, then the empty state with a create button that opens the dialog", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /api/invoices/my": () => [] }, memberUser);
    renderPage(<InvoicesPage />, "/invoices");
    expect(screen.getByText("Loading invoices...")).toBeInTheDocument();
    const empty = (await screen.findByRole("heading", { name: "No Invoices Yet" })).closest("section")!;
    expect(within(empty).getByText("Create your first invoice to get started")).toBeInTheDocument();
    await user.click(within(empty).getByRole("button", { name: "Create Invoice" }));
    expect(await screen.findByRole("dialog", { name: "Create New Invoice" })).toBeInTheDocument();
  });

  it("opens the invoice's detail with parties, lines, totals and notes on View", async () => {
    const user = userEvent.setup();
    const detail = {
      ...invoice(),
      items: [
        {
          id: "l1",
          invoiceId: "x",
          description: "Mixing",
          quantity: 3,
          unitPrice: "19.99",
          total: "59.97",
          sortOrder: 0,
        },
        {
          id: "l2",
          invoiceId: "x",
          description: "Mastering",
          quantity: 1,
          unitPrice: "150.00",
          total: "150.00",
          sortOrder: 1,
        },
      ],
      taxMode: "amount",
      taxRate: null,
      remindersEnabled: true,
      publicPath: "/pay/abc.def",
      events: [
        { id: "e1", invoiceId: "x", kind: "created", detail: {}, actorId: "u-member", at: "2027-03-01T10:00:00.000Z" },
        {
          id: "e2",
          invoiceId: "x",
          kind: "sent",
          detail: { to: "nova@artist.test", how: "email" },
          actorId: "u-member",
          at: "2027-03-01T10:05:00.000Z",
        },
        { id: "e3", invoiceId: "x", kind: "viewed", detail: {}, actorId: null, at: "2027-03-02T09:00:00.000Z" },
      ],
    };
    mockApi(
      {
        "GET /api/invoices/my": () => [invoice()],
        [`GET /api/invoices/${detail.id}`]: () => detail,
      },
      memberUser,
    );
    renderPage(<InvoicesPage />, "/invoices");
    await user.click(await screen.findByRole("button", { name: "View INV-1001" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Invoice INV-1001" }));
    expect(await dialog.findByText("Mixing")).toBeInTheDocument();
    expect(dialog.getByText("Label Records")).toBeInTheDocument();
    expect(dialog.getByText("1 Studio Way")).toBeInTheDocument();
    expect(dialog.getByText("nova@artist.test")).toBeInTheDocument();
    expect(dialog.getByText("555-0100")).toBeInTheDocument();
    const rows = dialog.getAllByRole("row").map((row) => row.textContent);
    expect(rows).toEqual(["DescriptionQtyPriceAmount", "Mixing3$19.99$59.97", "Mastering1$150.00$150.00"]);
    expect(dialog.getByText("Subtotal").nextSibling).toHaveTextContent("$209.97");
    expect(dialog.getByText("Tax").nextSibling).toHaveTextContent("$10.50");
    expect(dialog.getByText("Total").nextSibling).toHaveTextContent("$220.47");
    expect(dialog.getByText("Thank you!")).toBeInTheDocument();

    // A sent invoice: edit, send again, mark as paid, cancel; never mark as sent or delete.
    for (const name of ["Edit", "Send again", "Mark as paid", "Cancel invoice", "Duplicate", "Copy link"]) {
      expect(dialog.getByRole("button", { name })).toBeInTheDocument();
    }
    expect(dialog.queryByRole("button", { name: "Mark as sent" })).toBeNull();
    expect(dialog.queryByRole("button", { name: "Delete draft" })).toBeNull();
    expect(dialog.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
      "href",
      `/api/invoices/${detail.id}/pdf`,
    );
    expect(dialog.getByRole("link", { name: "Open public page" })).toHaveAttribute("href", "/pay/abc.def");
    expect(dialog.getByRole("switch", { name: /E-mail reminders/ })).toBeChecked();
    const timeline = within(dialog.getByRole("region", { name: "Timeline" }))
      .getAllByRole("listitem")
      .map((li) => li.firstChild?.textContent);
    expect(timeline).toEqual(["Created", "Sent to nova@artist.test", "Viewed by the client"]);

    const print = vi.spyOn(window, "print").mockImplementation(() => {});
    await user.click(dialog.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalled();
  });
});
