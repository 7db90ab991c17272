import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Providers } from "@/app/providers";
import { createQueryClient } from "@/lib/query-client";
import { CreateInvoiceDialog } from "./create-invoice-dialog";

function renderDialog(
  answer: () => Promise<Response> = async () => new Response(JSON.stringify({ id: "i1" }), { status: 201 }),
) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal("fetch", fetchMock);
  const onOpenChange = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <CreateInvoiceDialog open onOpenChange={onOpenChange} />
    </Providers>,
  );
  return { fetchMock, onOpenChange };
}

const lines = () => within(screen.getByRole("group", { name: "Line Items" })).getAllByRole("listitem");

function fillLine(index: number, description: string, quantity: string, price: string) {
  const line = within(lines()[index]);
  fireEvent.change(line.getByLabelText("Description"), { target: { value: description } });
  fireEvent.change(line.getByLabelText("Qty"), { target: { value: quantity } });
  fireEvent.change(line.getByLabelText("Price"), { target: { value: price } });
}

const output = (name: string) => screen.getByRole("status", { name });
const sentBody = (fetchMock: ReturnType<typeof vi.fn>) => JSON.parse(String(fetchMock.mock.calls[0][1]?.body));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("CreateInvoiceDialog", () => {
  it("opens with the new invoice's defaults and every field", () => {
    renderDialog();
    expect(screen.getByRole("heading", { name: "Create New Invoice" })).toBeInTheDocument();
    expect(screen.getByText("Fill in the details to create a new invoice")).toBeInTheDocument();
    expect((screen.getByLabelText("Invoice Number") as HTMLInputElement).value).toMatch(/^INV-\d{13}$/);
    expect(screen.getByLabelText("Status")).toHaveTextContent("Draft");
    expect((screen.getByLabelText("Tax Amount") as HTMLInputElement).value).toBe("0.00");
    const issue = (screen.getByLabelText("Issue Date") as HTMLInputElement).value;
    const due = (screen.getByLabelText("Due Date") as HTMLInputElement).value;
    const days = (new Date(`${due}T12:00`).getTime() - new Date(`${issue}T12:00`).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    for (const label of [
      "Company Name",
      "Company Email",
      "Company Address",
      "Company Phone",
      "Client Name",
      "Client Email",
      "Client Address",
      "Client Phone",
      "Notes",
      "Payment Instructions",
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole("group", { name: "Your Company Information" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Client Information" })).toBeInTheDocument();
  });

  it("takes addresses over several lines and the payment instructions, and sends them as typed", async () => {
    const { fetchMock } = renderDialog();
    for (const label of ["Company Address", "Client Address", "Payment Instructions"]) {
      expect(screen.getByLabelText(label).tagName).toBe("TEXTAREA");
    }
    fireEvent.change(screen.getByLabelText("Client Address"), {
      target: { value: "12 Harbor Rd\nUnit 4\nPortland, ME" },
    });
    fireEvent.change(screen.getByLabelText("Payment Instructions"), { target: { value: "IBAN DE89 3704\nNet 30" } });
    fillLine(0, "Mixing", "1", "10");
    await userEvent.click(screen.getByRole("button", { name: "Create Invoice" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock)).toMatchObject({
      clientAddress: "12 Harbor Rd\nUnit 4\nPortland, ME",
      paymentInstructions: "IBAN DE89 3704\nNet 30",
    });
  });

  it("offers remove only while there is more than one line", async () => {
    renderDialog();
    expect(lines()).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /Remove item/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add Item" }));
    await userEvent.click(screen.getByRole("button", { name: "Add Item" }));
    expect(lines()).toHaveLength(3);
    expect(screen.getAllByRole("button", { name: /Remove item/ })).toHaveLength(3);
    await userEvent.click(screen.getByRole("button", { name: "Remove item 2" }));
    await userEvent.click(screen.getByRole("button", { name: "Remove item 1" }));
    expect(lines()).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /Remove item/ })).not.toBeInTheDocument();
  });

  it("computes line totals, subtotal and total in exact cents as the user types", async () => {
    renderDialog();
    fillLine(0, "Mixing", "3", "19.99");
    expect(output("Line 1 total")).toHaveTextContent("$59.97");
    await userEvent.click(screen.getByRole("button", { name: "Add Item" }));
    fillLine(1, "Tip", "1", "0.1");
    await userEvent.click(screen.getByRole("button", { name: "Add Item" }));
    fillLine(2, "Tip", "1", "0.2");
    expect(output("Subtotal")).toHaveTextContent("$60.27");
    fireEvent.change(screen.getByLabelText("Tax Amount"), { target: { value: "4.73" } });
    expect(output("Total")).toHaveTextContent("$65.00");
  });

  it("turns an unparsable quantity or price into 0", () => {
    renderDialog();
    fillLine(0, "Session", "lots", "150");
    expect(output("Line 1 total")).toHaveTextContent("$0.00");
    fillLine(0, "Session", "2", "free");
    expect(output("Line 1 total")).toHaveTextContent("$0.00");
    expect(output("Total")).toHaveTextContent("$0.00");
  });

  it("sends only valid lines, with the totals, in one POST; then toasts, and closes", async () => {
    const { fetchMock, onOpenChange } = renderDialog();
    fireEvent.change(screen.getByLabelText("Client Name"), { target: { value: "Nova Reign" } });
    fillLine(0, "Mixing", "3", "19.99");
    for (const [description, quantity, price] of [
      ["", "1", "10"],
      ["Zero", "0", "10"],
      ["Negative", "1", "-1"],
      ["Mastering", "1", "150"],
    ]) {
      fireEvent.click(screen.getByRole("button", { name: "Add Item" }));
      fillLine(lines().length - 1, description, quantity, price);
    }
    expect(screen.getAllByText(/^Not included/)).toHaveLength(3);
    fireEvent.change(screen.getByLabelText("Tax Amount"), { target: { value: "10.50" } });
    await userEvent.click(screen.getByRole("button", { name: "Create Invoice" }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0][0]).toBe("/api/invoices");
    const body = sentBody(fetchMock);
    expect(body.items).toEqual([
      { description: "Mixing", quantity: 3, unitPrice: "19.99", total: "59.97" },
      { description: "Mastering", quantity: 1, unitPrice: "150.00", total: "150.00" },
    ]);
    expect(body).toMatchObject({
      subtotal: "209.97",
      tax: "10.50",
      total: "220.47",
      clientName: "Nova Reign",
      status: "draft",
    });
    expect(body.invoiceNumber).toMatch(/^INV-\d+$/);
    expect(body.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect(await screen.findByText("Success!")).toBeInTheDocument();
    expect(screen.getByText("Invoice created successfully.")).toBeInTheDocument();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  }, 15_000);

  it("shows 'Creating...' while the invoice is being created", async () => {
    let answer!: (res: Response) => void;
    renderDialog(() => new Promise((resolve) => (answer = resolve)));
    await userEvent.click(screen.getByRole("button", { name: "Create Invoice" }));
    expect(await screen.findByRole("button", { name: "Creating..." })).toBeDisabled();
    answer(new Response(JSON.stringify({ id: "i1" }), { status: 201 }));
    await waitFor(() => expect(screen.getByText("Success!")).toBeInTheDocument());
  });

  it("shows the server's message when creating fails and keeps the dialog open", async () => {
    const { onOpenChange } = renderDialog(
      async () => new Response(JSON.stringify({ message: "Invoice number already exists" }), { status: 409 }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Create Invoice" }));
    expect(await screen.findByText("Invoice number already exists")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to create invoice'", async () => {
    renderDialog(async () => new Response("", { status: 500 }));
    await userEvent.click(screen.getByRole("button", { name: "Create Invoice" }));
    expect(await screen.findByText("Failed to create invoice")).toBeInTheDocument();
  });

  it("points at a malformed email beside its field and sends nothing", async () => {
    const { fetchMock } = renderDialog();
    fireEvent.change(screen.getByLabelText("Client Email"), { target: { value: "not-an-email" } });
    await userEvent.click(screen.getByRole("button", { name: "Create Invoice" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(screen.getByLabelText("Client Email")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses totals beyond $99,999,999.99 without sending", async () => {
    const { fetchMock } = renderDialog();
    fillLine(0, "Streams", "1000000", "100");
    await userEvent.click(screen.getByRole("button", { name: "Create Invoice" }));
    expect(await screen.findAllByText("Amounts cannot exceed $99,999,999.99")).not.toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says so in an error toast too when the totals are too large", async () => {
    const { fetchMock } = renderDialog();
    fillLine(0, "Streams", "1000000", "100");
    await userEvent.click(screen.getByRole("button", { name: "Create Invoice" }));
    expect(await screen.findByText("Error")).toBeInTheDocument();
    // One beside the totals, one in the toast.
    expect(screen.getAllByText("Amounts cannot exceed $99,999,999.99")).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
