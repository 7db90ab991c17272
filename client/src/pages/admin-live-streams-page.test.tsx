import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminLiveStream } from "@shared/live-streams";
import { toast } from "@/hooks/use-toast";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { AdminLiveStreamsPage } from "./admin-live-streams-page";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

const session: AdminLiveStream = {
  id: "s1",
  title: "Studio Session",
  description: "Live from Studio A",
  status: "scheduled",
  viewerCount: 0,
  streamUrl: null,
  embedUrl: "https://player.example/embed/1",
  thumbnailUrl: null,
  scheduledFor: "2026-05-01T18:30:00.000Z",
  startedAt: null,
  endedAt: null,
  platforms: { facebook: true, instagram: false, tiktok: true, rumble: true },
  tiktokUsername: "@label",
  createdAt: "2026-04-01T00:00:00.000Z",
};

let calls: ApiCall[];

beforeEach(() => {
  calls = mockApi({
    "GET /api/live-streams": () => [session],
    "POST /api/live-streams": ({ body }) => json({ ...session, id: "s2", ...(body as object) }, 201),
    "PATCH /api/live-streams/s1": () => session,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

const writes = () => calls.filter((call) => call.method !== "GET");

describe("Manage Live Streams", () => {
  it("lists streams with status and the platforms that are set up, never a key", async () => {
    renderPage(<AdminLiveStreamsPage />, "/admin/live-streams");

    const row = (await screen.findByRole("heading", { name: "Studio Session" })).closest("li")!;
    expect(within(row).getByText("Scheduled")).toBeInTheDocument();
    expect(within(row).getByText("Facebook")).toBeInTheDocument();
    expect(within(row).getByText("TikTok")).toBeInTheDocument();
    expect(within(row).queryByText("Instagram")).not.toBeInTheDocument();
  });

  it("edits with write-only keys: blank keeps, typed replaces, Clear sends ''", async () => {
    const user = userEvent.setup();
    renderPage(<AdminLiveStreamsPage />, "/admin/live-streams");
    await user.click(await screen.findByRole("button", { name: "Edit Studio Session" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Live Stream" });

    const facebook = within(dialog).getByLabelText("Facebook stream key");
    expect(facebook).toHaveAttribute("type", "password");
    expect(facebook).toHaveValue("");
    expect(within(dialog).getByLabelText("TikTok username")).toHaveValue("@label");
    expect(within(dialog).getByLabelText("Title")).toHaveValue("Studio Session");
    expect(within(dialog).getByLabelText("Scheduled for")).toHaveValue(
      (() => {
        const d = new Date(session.scheduledFor!);
        const p = (n: number) => String(n).padStart(2, "0");
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
      })(),
    );
    const facebookItem = facebook.closest('[data-slot="form-item"]') as HTMLElement;
    expect(within(facebookItem).getByText("Set")).toBeInTheDocument();
    const instagramItem = within(dialog)
      .getByLabelText("Instagram stream key")
      .closest('[data-slot="form-item"]') as HTMLElement;
    expect(within(instagramItem).getByText("Not set")).toBeInTheDocument();
    expect(within(instagramItem).queryByRole("button", { name: /Clear/ })).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Instagram stream key"), "ig-secret");
    await user.click(within(dialog).getByRole("button", { name: "Clear Rumble API key" }));
    await user.click(within(dialog).getByRole("button", { name: "Update" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    const { method, url, body } = writes()[0] as { method: string; url: string; body: Record<string, unknown> };
    expect([method, url]).toEqual(["PATCH", "/api/live-streams/s1"]);
    expect(body).not.toHaveProperty("facebookStreamKey");
    expect(body.instagramStreamKey).toBe("ig-secret");
    expect(body.rumbleApiKey).toBe("");
    expect(body).toMatchObject({ title: "Studio Session", status: "scheduled", scheduledFor: session.scheduledFor });
  });

  it("creates a stream going live with its schedule sent as an ISO time", async () => {
    const user = userEvent.setup();
    renderPage(<AdminLiveStreamsPage />, "/admin/live-streams");
    await user.click(await screen.findByRole("button", { name: "Add Live Stream" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Live Stream" });

    await user.type(within(dialog).getByLabelText("Title"), "Release Party");
    fireEvent.change(within(dialog).getByLabelText("Scheduled for"), { target: { value: "2026-07-04T21:00" } });
    await user.click(within(dialog).getByLabelText("Status"));
    await user.click(await screen.findByRole("option", { name: "Live" }));
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    const body = writes()[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: "Release Party",
      status: "live",
      scheduledFor: new Date(2026, 6, 4, 21, 0).toISOString(),
      viewerCount: 0,
    });
    expect(body).not.toHaveProperty("facebookStreamKey");
  });

  it("puts a refused field's message beside it, with the product's one toast", async () => {
    calls = mockApi({
      "GET /api/live-streams": () => [session],
      "PATCH /api/live-streams/s1": () =>
        json({ message: "Invalid body: title: Too long", fieldErrors: { title: ["Too long"] } }, 400),
    });
    const user = userEvent.setup();
    renderPage(<AdminLiveStreamsPage />, "/admin/live-streams");
    await user.click(await screen.findByRole("button", { name: /^Edit Studio Session/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Live Stream" });
    await user.click(within(dialog).getByRole("button", { name: "Update" }));

    expect(await within(dialog).findByText("Too long")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({
      title: "Error",
      description: "Failed to update live stream",
      variant: "destructive",
    });
  });
});
