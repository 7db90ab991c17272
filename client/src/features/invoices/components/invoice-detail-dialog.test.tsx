import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { InvoiceDetail } from "@shared/invoice-actions";
import { json, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { detailedInvoice, INVOICE_ID } from "../invoice-test-data";
import { InvoiceDetailDialog } from "./invoice-detail-dialog";

afterEach(() => vi.unstubAllGlobals());

async function openDetail(invoice: InvoiceDetail, routes: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [`GET /api/invoices/${INVOICE_ID}`]: () => invoice, ...routes }, memberUser);
  renderPage(<InvoiceDetailDialog invoiceId={INVOICE_ID} onClose={() => {}} />);
  const dialog = within(await screen.findByRole("dialog", { name: `Invoice ${invoice.invoiceNumber}` }));
  await dialog.findByText("Mastering", { selector: "td" });
  return { dialog, calls };
}

/** The toolbar's buttons (Close last), then the More menu's items in order (a separator as "—"). */
async function actionsOf(dialog: ReturnType<typeof within>) {
  const user = userEvent.setup();
  const toolbar = dialog.getByRole("button", { name: "More" }).parentElement!;
  const buttons = [...toolbar.querySelectorAll("button, a")].map((b) => b.textContent?.trim());
  await user.click(dialog.getByRole("button", { name: "More" }));
  const menu = await screen.findByRole("menu");
  const items = [...menu.querySelectorAll('[role="menuitem"], [role="separator"]')].map((node) =>
    node.getAttribute("role") === "separator" ? "—" : node.textContent?.trim(),
  );
  await user.keyboard("{Escape}");
  return { buttons, items };
}

describe("the invoice's actions, by status", () => {
  it("a draft: Send first; no link to share; the destructive ones last and apart", async () => {
    const { dialog } = await openDetail(detailedInvoice({ status: "draft", publicPath: null }));
    expect(await actionsOf(dialog)).toEqual({
      buttons: ["Send", "More", "Close"],
      items: [
        "Edit",
        "Mark as sent",
        "Mark as paid",
        "Duplicate",
        "Download PDF",
        "Print",
        "—",
        "Cancel invoice",
        "Delete draft",
      ],
    });
  });

  it("a sent invoice: Mark as paid first; Send again, the link and Cancel in More; never Delete", async () => {
    const { dialog } = await openDetail(detailedInvoice({ status: "sent" }));
    expect(await actionsOf(dialog)).toEqual({
      buttons: ["Mark as paid", "More", "Close"],
      items: [
        "Edit",
        "Send again",
        "Duplicate",
        "Download PDF",
        "Print",
        "Copy link",
        "Open public page",
        "—",
        "Cancel invoice",
      ],
    });
  });

  it("an overdue invoice acts as a sent one", async () => {
    const { dialog } = await openDetail(detailedInvoice({ status: "overdue" }));
    expect((await actionsOf(dialog)).buttons).toEqual(["Mark as paid", "More", "Close"]);
  });

  it("a paid or cancelled invoice: its PDF first, nothing destructive", async () => {
    for (const status of ["paid", "cancelled"] as const) {
      const { dialog } = await openDetail(detailedInvoice({ status }));
      expect(await actionsOf(dialog)).toEqual({
        buttons: ["Download PDF", "More", "Close"],
        items: ["Duplicate", "Print", "Copy link", "Open public page"],
      });
      expect(dialog.queryByRole("switch", { name: /E-mail reminders/ })).toBeNull();
      cleanup();
    }
  });

  it("links to the PDF and the public page, and copies the link", async () => {
    const user = userEvent.setup();
    const { dialog } = await openDetail(detailedInvoice({ status: "sent" }));
    await user.click(dialog.getByRole("button", { name: "More" }));
    expect(await screen.findByRole("menuitem", { name: "Download PDF" })).toHaveAttribute(
      "href",
      `/api/invoices/${INVOICE_ID}/pdf`,
    );
    expect(screen.getByRole("menuitem", { name: "Open public page" })).toHaveAttribute("href", "/pay/abc.def");
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(screen.getByRole("menuitem", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/pay/abc.def`);
  });

  it("asks before cancelling, and gives the focus back to More", async () => {
    const user = userEvent.setup();
    const { dialog, calls } = await openDetail(detailedInvoice({ status: "sent" }), {
      [`POST /api/invoices/${INVOICE_ID}/cancel`]: () => detailedInvoice({ status: "cancelled" }),
    });
    await user.click(dialog.getByRole("button", { name: "More" }));
    await user.click(await screen.findByRole("menuitem", { name: "Cancel invoice" }));
    const ask = within(await screen.findByRole("alertdialog", { name: "Cancel invoice INV-1001?" }));
    await user.click(ask.getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(dialog.getByRole("button", { name: "More" })).toHaveFocus());
    expect(calls.some((c) => c.url.endsWith("/cancel"))).toBe(false);

    await user.click(dialog.getByRole("button", { name: "More" }));
    await user.click(await screen.findByRole("menuitem", { name: "Cancel invoice" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel invoice" }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith("/cancel"))).toHaveLength(1));
  });
});

describe("sending, with a preview", () => {
  it("shows the e-mail with its subject and message, both editable, and sends what the member wrote", async () => {
    const user = userEvent.setup();
    const { dialog, calls } = await openDetail(detailedInvoice({ status: "draft", publicPath: null }), {
      [`POST /api/invoices/${INVOICE_ID}/send`]: () => detailedInvoice({ status: "sent" }),
    });
    await user.click(dialog.getByRole("button", { name: "Send" }));
    const preview = within(await screen.findByRole("dialog", { name: "Send invoice INV-1001" }));
    expect(preview.getByText(/^To nova@artist\.test, from Label Records\./)).toBeInTheDocument();
    const subject = preview.getByLabelText("Subject") as HTMLInputElement;
    const message = preview.getByLabelText("Message") as HTMLTextAreaElement;
    expect(subject.value).toBe("Invoice from Nova Music");
    expect(preview.getByText(/The subject starts with the invoice number: “INV-1001 — …”/)).toBeInTheDocument();
    expect(message.value).toContain("Hello Nova Reign,");
    expect(message.value).toContain("invoice INV-1001 for $220.47, due on Mar 31, 2027");
    // Card payment is off here: nothing about paying online.
    expect(message.value).not.toMatch(/pay online/i);

    await user.clear(subject);
    await user.click(preview.getByRole("button", { name: "Send" }));
    expect(await preview.findByText("Enter a subject")).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith("/send"))).toBe(false);

    await user.type(subject, "Your invoice for March");
    await user.clear(message);
    await user.type(message, "Hi Nova,{Enter}{Enter}<b>Thanks</b> for the session.");
    await user.click(preview.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith("/send"))?.body).toEqual({
        subject: "Your invoice for March",
        message: "Hi Nova,\n\n<b>Thanks</b> for the session.",
      }),
    );
    expect(await screen.findByText("Invoice INV-1001 was e-mailed to nova@artist.test.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Send invoice INV-1001" })).toBeNull());
  });

  it("says the client can pay online when card payment is offered, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const { dialog } = await openDetail(detailedInvoice({ status: "sent", cardPayments: true }), {
      [`POST /api/invoices/${INVOICE_ID}/send`]: () =>
        json(
          {
            message: "This invoice was already e-mailed 3 times in the last hour. You can send it again in 12 minutes.",
          },
          429,
        ),
    });
    await user.click(dialog.getByRole("button", { name: "More" }));
    await user.click(await screen.findByRole("menuitem", { name: "Send again" }));
    const preview = within(await screen.findByRole("dialog", { name: "Send invoice INV-1001 again" }));
    expect((preview.getByLabelText("Message") as HTMLTextAreaElement).value).toContain(
      "You can view it and pay online with the button below.",
    );
    await user.click(preview.getByRole("button", { name: "Send" }));
    expect(await screen.findByText(/already e-mailed 3 times in the last hour/)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Send invoice INV-1001 again" })).toBeInTheDocument();
  });
});

describe("the invoice as a document", () => {
  it("stacks each line for a phone (description, then qty × price and amount) beside the table", async () => {
    const { dialog } = await openDetail(detailedInvoice());
    const stacked = within(dialog.getByRole("list", { name: "Line items" }));
    expect(stacked.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Mixing3 × $19.99Amount $59.97",
      "Mastering1 × $150.00Amount $150.00",
    ]);
    expect(dialog.getByRole("table", { name: "Line items" })).toHaveClass("hidden", "sm:table");
    expect(dialog.getByRole("list", { name: "Line items" })).toHaveClass("sm:hidden");
    // No box that scrolls sideways.
    expect(dialog.getByRole("table").closest(".overflow-x-auto")).toBeNull();
  });

  it("shows the amount due and, while card payment is off, how to pay", async () => {
    const { dialog } = await openDetail(detailedInvoice({ status: "sent", cardPayments: false }));
    expect(dialog.getByText("Amount due").nextSibling).toHaveTextContent("$220.47");
    expect(dialog.getByRole("heading", { name: "How to pay" }).nextSibling).toHaveTextContent(
      "Bank transfer to IBAN DE89 3704 0044 0532 0130 00",
    );
    expect(dialog.getByText("Sent", { selector: "[data-status]" })).toBeInTheDocument();
  });

  it("leaves the payment instructions out when the client pays by card, and owes nothing once paid", async () => {
    const card = await openDetail(detailedInvoice({ status: "sent", cardPayments: true }));
    expect(card.dialog.queryByRole("heading", { name: "How to pay" })).toBeNull();
    cleanup();
    const paid = await openDetail(detailedInvoice({ status: "paid" }));
    expect(paid.dialog.getByText("Amount due").nextSibling).toHaveTextContent("$0.00");
    expect(paid.dialog.queryByRole("heading", { name: "How to pay" })).toBeNull();
  });

  it("writes the timeline's days as the rest of the page does", async () => {
    const { dialog } = await openDetail(
      detailedInvoice({
        status: "paid",
        events: [
          {
            id: "e1",
            invoiceId: INVOICE_ID,
            kind: "created",
            detail: {},
            actorId: null,
            at: "2027-03-01T15:00:00.000Z",
          },
          {
            id: "e2",
            invoiceId: INVOICE_ID,
            kind: "paid",
            detail: { how: "manual", paidOn: "2027-03-14", note: "Bank transfer" },
            actorId: null,
            at: "2027-03-14T15:00:00.000Z",
          },
        ],
      }),
    );
    const lines = within(dialog.getByRole("region", { name: "Timeline" })).getAllByRole("listitem");
    expect(lines[1].firstChild).toHaveTextContent("Marked as paid (Mar 14, 2027): Bank transfer");
    for (const line of lines)
      expect(line.querySelector("time")?.textContent).toMatch(/^Mar \d{1,2}, 2027, \d{1,2}:\d{2} [AP]M$/);
    expect(dialog.getByText(/^Issued /).parentElement).toHaveTextContent(/^Issued Mar 1, 2027 · Due Mar 31, 2027$/);
  });
});
