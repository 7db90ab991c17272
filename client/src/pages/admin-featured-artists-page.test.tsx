import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/hooks/use-toast";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { AdminFeaturedArtistsPage } from "./admin-featured-artists-page";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

const marisol = {
  id: "a1",
  artistName: "Marisol Vega",
  bio: "Latin soul from Miami.",
  imageUrl: "/demo/artists/marisol-vega.svg",
  videoUrl: null,
  songUrl: null,
  month: "May 2026",
  isActive: 1,
  createdAt: "2026-04-01T00:00:00.000Z",
};

let calls: ApiCall[];

beforeEach(() => {
  calls = mockApi({
    "GET /api/featured-artists": () => [marisol],
    "POST /api/featured-artists": ({ body }) => json({ id: "a2", ...(body as object) }, 201),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe("Manage Featured Artists", () => {
  it("marks the active artist of the month", async () => {
    renderPage(<AdminFeaturedArtistsPage />, "/admin/featured-artists");

    const row = (await screen.findByRole("heading", { name: "Marisol Vega" })).closest("li")!;
    expect(within(row).getByText("Active")).toBeInTheDocument();
    expect(within(row).getByText("Featured for May 2026")).toBeInTheDocument();
  });

  it("creates an artist made active, explaining that this replaces the current one", async () => {
    const user = userEvent.setup();
    renderPage(<AdminFeaturedArtistsPage />, "/admin/featured-artists");
    await user.click(await screen.findByRole("button", { name: "Add Featured Artist" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Featured Artist" });

    await user.type(within(dialog).getByLabelText("Artist Name"), "Nova Reign");
    await user.type(within(dialog).getByLabelText("Featured Month"), "June 2026");
    await user.type(within(dialog).getByLabelText("Image URL"), "/demo/artists/nova-reign.svg");
    const active = within(dialog).getByRole("switch", { name: "Active" });
    expect(active).toHaveAccessibleDescription(/deactivates the one currently featured/);
    await user.click(active);
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
    expect(calls.find((call) => call.method === "POST")!.body).toMatchObject({
      artistName: "Nova Reign",
      month: "June 2026",
      imageUrl: "/demo/artists/nova-reign.svg",
      isActive: 1,
    });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: "Success", description: "Featured artist created successfully" }),
    );
  });

  it("refuses an image that is not a link", async () => {
    const user = userEvent.setup();
    renderPage(<AdminFeaturedArtistsPage />, "/admin/featured-artists");
    await user.click(await screen.findByRole("button", { name: "Add Featured Artist" }));
    const dialog = await screen.findByRole("dialog");

    await user.type(within(dialog).getByLabelText("Image URL"), "javascript:alert(1)");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    expect(await within(dialog).findByText("Enter an http(s) URL or a path starting with /")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("shows the server's field messages beside the fields it refused, with the product's failure toast once", async () => {
    const user = userEvent.setup();
    // A rule only the server knows (here: the image must be an upload of this app) comes back
    // as a 400 with fieldErrors, which belong beside the field, not lost in a toast.
    mockApi({
      "GET /api/featured-artists": () => [marisol],
      "POST /api/featured-artists": () =>
        json(
          {
            message: "Invalid body: imageUrl: That image is no longer available",
            fieldErrors: { imageUrl: ["That image is no longer available"] },
          },
          400,
        ),
    });
    renderPage(<AdminFeaturedArtistsPage />, "/admin/featured-artists");
    await user.click(await screen.findByRole("button", { name: "Add Featured Artist" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Artist Name"), "Nova Reign");
    await user.type(within(dialog).getByLabelText("Featured Month"), "June 2026");
    await user.type(within(dialog).getByLabelText("Image URL"), "/objects/uploads/gone");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    const image = within(dialog).getByLabelText("Image URL");
    await waitFor(() => expect(image).toHaveAccessibleDescription("That image is no longer available"));
    expect(image).toHaveAttribute("aria-invalid", "true");
    expect(image).toHaveFocus();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith({
      title: "Error",
      description: "Failed to create featured artist",
      variant: "destructive",
    });
  });
});
