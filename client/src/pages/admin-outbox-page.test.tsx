import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OutboxMessageDetail, OutboxMessageSummary } from "@shared/outbox";
import { json, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { AdminOutboxPage } from "./admin-outbox-page";

function summary(id: string, overrides: Partial<OutboxMessageSummary> = {}): OutboxMessageSummary {
  return {
    id,
    template: "ticket-purchase-confirmation",
    recipient: `${id}@fans.test`,
    subject: `Your tickets for Neon Nights — CODE${id}`,
    status: "sent",
    attempts: 1,
    lastError: null,
    aboutType: "ticket_purchase",
    aboutId: `p-${id}`,
    resendCount: 0,
    createdAt: "2030-01-01T12:00:00.000Z",
    sentAt: "2030-01-01T12:00:02.000Z",
    nextAttemptAt: "2030-01-01T12:00:00.000Z",
    ...overrides,
  };
}

const status = { queued: 1, failed: 1, oldestQueuedSeconds: 125, smtpConfigured: true };

afterEach(() => vi.unstubAllGlobals());

describe("Outbox page", () => {
  it("lists every message with recipient, subject, status, attempts and the last error", async () => {
    mockApi({
      "GET /api/outbox": () => [
        summary("m3", { status: "failed", attempts: 8, lastError: "550 No such mailbox", sentAt: null }),
        summary("m2", {
          status: "queued",
          subject: null,
          template: "merchandise-order-confirmation",
          attempts: 0,
          sentAt: null,
        }),
        summary("m1"),
      ],
      "GET /api/outbox/status": () => status,
    });
    renderPage(<AdminOutboxPage />, "/admin/outbox");

    const rows = within(await screen.findByRole("list", { name: "Messages" })).getAllByRole("button");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("Your tickets for Neon Nights — CODEm3");
    expect(rows[0]).toHaveTextContent("To m3@fans.test");
    expect(rows[0]).toHaveTextContent("Failed");
    expect(rows[0]).toHaveTextContent("8 attempts");
    expect(rows[0]).toHaveTextContent("550 No such mailbox");
    expect(rows[1]).toHaveTextContent("Merchandise order confirmation (being prepared)");
    expect(rows[1]).toHaveTextContent("Queued");
    expect(rows[2]).toHaveTextContent("1 attempt");
    expect(screen.getByText("Oldest queued:").nextSibling).toHaveTextContent("2 min ago");
    expect(screen.queryByText(/SMTP is not configured/)).not.toBeInTheDocument();
  });

  it("opens a message in a sandboxed frame with its attachments, and resends it", async () => {
    const detail: OutboxMessageDetail = {
      ...summary("m1"),
      html: "<html><body><p>Your tickets</p></body></html>",
      text: "Your tickets CODEm1",
      attachments: [{ index: 0, filename: "ticket-qr.png", contentType: "image/png", size: 2048, inline: true }],
    };
    let resent = false;
    const calls = mockApi({
      "GET /api/outbox": () => [summary("m1", resent ? { status: "queued" } : {})],
      "GET /api/outbox/status": () => status,
      "GET /api/outbox/m1": () => (resent ? { ...detail, status: "queued" } : detail),
      "POST /api/outbox/m1/resend": () => {
        resent = true;
        return json({ ...summary("m1"), status: "queued" }, 202);
      },
    });
    const user = userEvent.setup();
    renderPage(<AdminOutboxPage />, "/admin/outbox");
    await user.click(await screen.findByRole("button", { name: /CODEm1/ }));

    const dialog = await screen.findByRole("dialog");
    const frame = await within(dialog).findByTitle(/Message preview/);
    expect(frame).toHaveAttribute("sandbox", "");
    // The message as stored, with the preview's wrapping rule right after <html>.
    expect(frame.getAttribute("srcdoc")).toBe(
      `<html><style>html,body{overflow-wrap:anywhere}img{max-width:100%;height:auto}table{max-width:100%}</style><body><p>Your tickets</p></body></html>`,
    );
    expect(within(dialog).getByRole("link", { name: /ticket-qr.png/ })).toHaveAttribute(
      "href",
      "/api/outbox/m1/attachments/0",
    );
    await user.click(within(dialog).getByRole("button", { name: "Resend" }));
    expect(await screen.findByText("The message to m1@fans.test will be sent again.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/outbox/m1/resend")).toBe(true);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await within(screen.getByRole("list", { name: "Messages" })).findByText("Queued")).toBeInTheDocument();
  });

  it("says a refused resend once, in the server's words", async () => {
    const detail: OutboxMessageDetail = { ...summary("m1"), html: null, text: null, attachments: [] };
    const refusal = "This message is waiting to be sent; only a sent or failed message can be resent";
    mockApi({
      "GET /api/outbox": () => [summary("m1")],
      "GET /api/outbox/status": () => status,
      "GET /api/outbox/m1": () => detail,
      "POST /api/outbox/m1/resend": () => json({ message: refusal }, 409),
    });
    const user = userEvent.setup();
    renderPage(<AdminOutboxPage />, "/admin/outbox");
    await user.click(await screen.findByRole("button", { name: /CODEm1/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("button", { name: "Resend" }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });

  it("says plainly when SMTP is not configured, and when there is nothing yet", async () => {
    mockApi({
      "GET /api/outbox": () => [],
      "GET /api/outbox/status": () => ({ ...status, queued: 0, oldestQueuedSeconds: null, smtpConfigured: false }),
    });
    renderPage(<AdminOutboxPage />, "/admin/outbox");
    expect(await screen.findByText(/No e-mails yet/)).toBeInTheDocument();
    expect(await screen.findByText(/SMTP is not configured, so messages are not sent/)).toBeInTheDocument();
  });

  it("filters by status", async () => {
    const calls = mockApi({
      "GET /api/outbox": () => [summary("m1")],
      "GET /api/outbox?status=failed": () => [],
      "GET /api/outbox/status": () => status,
    });
    const user = userEvent.setup();
    renderPage(<AdminOutboxPage />, "/admin/outbox");
    await screen.findByRole("list", { name: "Messages" });
    await user.click(screen.getByRole("button", { name: "Failed" }));
    expect(await screen.findByText("No failed messages.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Failed" })).toHaveAttribute("aria-pressed", "true");
    expect(calls.some((c) => c.url === "/api/outbox?status=failed")).toBe(true);
  });

  it("searches by recipient or subject, alone or with a status, and says when nothing matches", async () => {
    const calls = mockApi({
      "GET /api/outbox": () => [summary("m1"), summary("m2")],
      "GET /api/outbox?q=CODEm2": () => [summary("m2")],
      "GET /api/outbox?status=failed&q=CODEm2": () => [],
      "GET /api/outbox/status": () => status,
    });
    const user = userEvent.setup();
    renderPage(<AdminOutboxPage />, "/admin/outbox");
    const list = await screen.findByRole("list", { name: "Messages" });
    expect(within(list).getAllByRole("button")).toHaveLength(2);

    const search = within(screen.getByRole("search", { name: "Search the outbox" })).getByLabelText(
      "Recipient or subject",
    );
    await user.type(search, "  CODEm2 {Enter}");
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Messages" })).getAllByRole("button")).toHaveLength(1),
    );
    expect(screen.getByRole("list", { name: "Messages" })).toHaveTextContent("To m2@fans.test");

    await user.click(screen.getByRole("button", { name: "Failed" }));
    expect(await screen.findByText('No failed messages match "CODEm2".')).toBeInTheDocument();

    // Emptying the box shows every message of the status again, without a search.
    await user.click(screen.getByRole("button", { name: "All" }));
    await user.clear(search);
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Messages" })).getAllByRole("button")).toHaveLength(2),
    );
    expect(calls.filter((c) => c.url.includes("q=")).map((c) => c.url)).toEqual([
      "/api/outbox?q=CODEm2",
      "/api/outbox?status=failed&q=CODEm2",
    ]);
  });

  it("wraps a long subject and address instead of cutting off the order code at their end", async () => {
    mockApi({
      "GET /api/outbox": () => [
        summary("m1", {
          subject: "Your tickets for The Extraordinarily Long Named Midsummer Festival — QBJHYJHK5W",
          recipient: "someone.with.a.very.long.address@subdomain.example-records.test",
        }),
      ],
      "GET /api/outbox/status": () => status,
    });
    renderPage(<AdminOutboxPage />, "/admin/outbox");
    const row = within(await screen.findByRole("list", { name: "Messages" })).getByRole("button");
    const subject = within(row).getByText(/QBJHYJHK5W$/);
    expect(subject.className).not.toMatch(/\btruncate\b/);
    expect(subject.className).toContain("[overflow-wrap:anywhere]");
    expect(within(row).getByText(/^To someone/).className).not.toMatch(/\btruncate\b/);
  });

  it("is for administrators only", async () => {
    const calls = mockApi({}, memberUser);
    renderPage(<AdminOutboxPage />, "/admin/outbox");
    expect(await screen.findByRole("heading", { name: "Administrator access required" })).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith("/api/outbox"))).toBe(false);
  });
});
