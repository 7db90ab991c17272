import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InvoiceDetail } from "@shared/invoice-actions";
import { toast } from "@/hooks/use-toast";
import { json, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { CreateInvoiceDialog } from "./components/create-invoice-dialog";
import { InvoiceDetailDialog } from "./components/invoice-detail-dialog";
import { detailedInvoice, INVOICE_ID } from "./invoice-test-data";

// Every toast is counted here: a failed change must reach the member once, never twice.
vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => vi.unstubAllGlobals());

const toasts = () => vi.mocked(toast).mock.calls.map(([shown]) => shown);
const errorToast = (description: string) => ({ title: "Error", description, variant: "destructive" });

async function openDetail(invoice: InvoiceDetail, routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [`GET /api/invoices/${INVOICE_ID}`]: () => invoice, ...routes }, memberUser);
  renderPage(<InvoiceDetailDialog invoiceId={INVOICE_ID} onClose={() => {}} />);
  const dialog = within(await screen.findByRole("dialog", { name: `Invoice ${invoice.invoiceNumber}` }));
  await dialog.findByText("Mastering", { selector: "td" });
  return { dialog, calls };
}

describe("Mark as paid", () => {
  it("sends the day and the note, then says the invoice is paid", async () => {
    const user = userEvent.setup();
    const { dialog, calls } = await openDetail(detailedInvoice({ status: "sent" }), {
      [`POST /api/invoices/${INVOICE_ID}/mark-paid`]: () => detailedInvoice({ status: "paid" }),
    });
    await user.click(dialog.getByRole("button", { name: "Mark as paid" }));
    const form = within(await screen.findByRole("dialog", { name: "Mark as paid" }));
    await user.clear(form.getByLabelText("Paid on"));
    await user.type(form.getByLabelText("Paid on"), "2027-03-14");
    await user.type(form.getByLabelText("Note (optional)"), "Bank transfer");
    await user.click(form.getByRole("button", { name: "Mark as paid" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith("/mark-paid"))?.body).toEqual({
        paidOn: "2027-03-14",
        note: "Bank transfer",
      }),
    );
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: "Marked as paid", description: "Invoice INV-1001 is paid." }]),
    );
  });

  it("shows a 400's field message beside its field, and the server's message in one toast", async () => {
    const user = userEvent.setup();
    const message = "Enter a day that is not in the future";
    const { dialog } = await openDetail(detailedInvoice({ status: "sent" }), {
      [`POST /api/invoices/${INVOICE_ID}/mark-paid`]: () =>
        json({ message: `Invalid body: paidOn: ${message}`, fieldErrors: { paidOn: [message] } }, 400),
    });
    await user.click(dialog.getByRole("button", { name: "Mark as paid" }));
    const form = within(await screen.findByRole("dialog", { name: "Mark as paid" }));
    await user.click(form.getByRole("button", { name: "Mark as paid" }));
    expect(await form.findByText(message)).toBeInTheDocument();
    expect(form.getByLabelText("Paid on")).toHaveAttribute("aria-invalid", "true");
    expect(toasts()).toEqual([errorToast(`Invalid body: paidOn: ${message}`)]);
  });

  it("refuses a malformed day beside its field and sends nothing", async () => {
    const user = userEvent.setup();
    const { dialog, calls } = await openDetail(detailedInvoice({ status: "sent" }));
    await user.click(dialog.getByRole("button", { name: "Mark as paid" }));
    const form = within(await screen.findByRole("dialog", { name: "Mark as paid" }));
    await user.clear(form.getByLabelText("Paid on"));
    await user.click(form.getByRole("button", { name: "Mark as paid" }));
    expect(await form.findByText("Enter a date as YYYY-MM-DD")).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith("/mark-paid"))).toBe(false);
  });
});

describe("a refused change", () => {
  it("is one toast with the server's reason (Mark as sent)", async () => {
    const user = userEvent.setup();
    const { dialog } = await openDetail(detailedInvoice({ status: "draft", publicPath: null }), {
      [`POST /api/invoices/${INVOICE_ID}/mark-sent`]: () =>
        json({ message: "This invoice has already been sent." }, 409),
    });
    await user.click(dialog.getByRole("button", { name: "More" }));
    await user.click(await screen.findByRole("menuitem", { name: "Mark as sent" }));
    await waitFor(() => expect(toasts()).toEqual([errorToast("This invoice has already been sent.")]));
  });

  it("is one toast, and a 400's fields are shown beside them (Send)", async () => {
    const user = userEvent.setup();
    const { dialog } = await openDetail(detailedInvoice({ status: "draft", publicPath: null }), {
      [`POST /api/invoices/${INVOICE_ID}/send`]: () =>
        json(
          {
            message: "Invalid body: subject: Write the subject as one line of plain text",
            fieldErrors: { subject: ["Write the subject as one line of plain text"] },
          },
          400,
        ),
    });
    await user.click(dialog.getByRole("button", { name: "Send" }));
    const preview = within(await screen.findByRole("dialog", { name: "Send invoice INV-1001" }));
    await user.click(preview.getByRole("button", { name: "Send" }));
    expect(await preview.findByText("Write the subject as one line of plain text")).toBeInTheDocument();
    expect(preview.getByLabelText("Subject")).toHaveAttribute("aria-invalid", "true");
    expect(toasts()).toEqual([errorToast("Invalid body: subject: Write the subject as one line of plain text")]);
  });

  it("is one toast, and a 400's fields are shown beside them (Edit)", async () => {
    const user = userEvent.setup();
    const { dialog } = await openDetail(detailedInvoice({ status: "sent" }), {
      [`PATCH /api/invoices/${INVOICE_ID}`]: () =>
        json({ message: "Invalid body: clientName: Too long", fieldErrors: { clientName: ["Too long"] } }, 400),
    });
    await user.click(dialog.getByRole("button", { name: "More" }));
    await user.click(await screen.findByRole("menuitem", { name: "Edit" }));
    const edit = within(await screen.findByRole("dialog", { name: "Edit Invoice INV-1001" }));
    await user.click(edit.getByRole("button", { name: "Save Changes" }));
    expect(await edit.findByText("Too long")).toBeInTheDocument();
    expect(edit.getByLabelText("Client Name")).toHaveAttribute("aria-invalid", "true");
    expect(toasts()).toEqual([errorToast("Invalid body: clientName: Too long")]);
  });
});

describe("Create Invoice's failure", () => {
  it("is one toast in the product's words, with a 400's fields beside them", async () => {
    const user = userEvent.setup();
    mockApi(
      {
        "POST /api/invoices": () =>
          json({ message: "Invalid body: clientPhone: Too long", fieldErrors: { clientPhone: ["Too long"] } }, 400),
      },
      memberUser,
    );
    renderPage(<CreateInvoiceDialog open onOpenChange={() => {}} />);
    await user.click(await screen.findByRole("button", { name: "Create Invoice" }));
    expect(await screen.findByText("Too long")).toBeInTheDocument();
    expect(screen.getByLabelText("Client Phone")).toHaveAttribute("aria-invalid", "true");
    expect(toasts()).toEqual([errorToast("Invalid body: clientPhone: Too long")]);
  });

  it("falls back to 'Failed to create invoice', once", async () => {
    const user = userEvent.setup();
    mockApi({ "POST /api/invoices": () => new Response("", { status: 500 }) }, memberUser);
    renderPage(<CreateInvoiceDialog open onOpenChange={() => {}} />);
    await user.click(await screen.findByRole("button", { name: "Create Invoice" }));
    await waitFor(() => expect(toasts()).toEqual([errorToast("Failed to create invoice")]));
  });
});
