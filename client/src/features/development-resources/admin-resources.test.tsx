import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/hooks/use-toast";
import { json, memberUser, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { AdminResourcesPage } from "@/pages/admin-resources-page";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

const splitSheets = {
  id: "r1",
  title: "Split Sheet Template",
  description: "Agree shares on the day.",
  category: "legal",
  resourceType: "template",
  contentUrl: null,
  embedUrl: null,
  thumbnailUrl: "/demo/resources/legal.svg",
  downloadUrl: "/demo/resources/files/split-sheet-template.txt",
  duration: 5,
  isPublished: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
};
let calls: ApiCall[];

beforeEach(() => {
  calls = mockApi({
    "GET /api/development-resources/all": () => [splitSheets],
    "POST /api/development-resources": ({ body }) => json({ id: "r2", ...(body as object) }, 201),
    "PATCH /api/development-resources/r1": ({ body }) => ({ ...splitSheets, ...(body as object) }),
    "DELETE /api/development-resources/r1": () => json(null, 204),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

const writes = () => calls.filter((c) => c.method !== "GET");
const lastToast = () => vi.mocked(toast).mock.calls.at(-1)?.[0];

describe("Manage Resources", () => {
  it("lists every resource with its draft state", async () => {
    renderPage(<AdminResourcesPage />, "/admin/resources");
    const row = (await screen.findByRole("heading", { name: "Split Sheet Template" })).closest("li")!;
    expect(within(row).getByText("Draft")).toBeInTheDocument();
    expect(within(row).getByText("Legal")).toBeInTheDocument();
    expect(within(row).getByText("5 min")).toBeInTheDocument();
  });

  it("creates a resource from the dialog, with field messages for what is missing", async () => {
    const user = userEvent.setup();
    renderPage(<AdminResourcesPage />, "/admin/resources");
    await screen.findByRole("heading", { name: "Split Sheet Template" });
    await user.click(screen.getByRole("button", { name: "Add Resource" }));
    const dialog = await screen.findByRole("dialog");

    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findAllByRole("alert")).not.toHaveLength(0);
    expect(writes()).toEqual([]);

    await user.type(within(dialog).getByLabelText("Title"), "Mixing Low End");
    await user.click(within(dialog).getByRole("combobox", { name: "Category" }));
    await user.click(await screen.findByRole("option", { name: "Production" }));
    await user.click(within(dialog).getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Video" }));
    await user.type(within(dialog).getByLabelText("Duration (min)"), "28");
    await user.type(within(dialog).getByLabelText("Embed URL"), "https://www.youtube-nocookie.com/embed/x");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "POST",
      url: "/api/development-resources",
      body: {
        title: "Mixing Low End",
        category: "production",
        resourceType: "video",
        duration: 28,
        isPublished: 1,
        embedUrl: "https://www.youtube-nocookie.com/embed/x",
        contentUrl: null,
      },
    });
    await waitFor(() =>
      expect(lastToast()).toEqual({ title: "Success", description: "Development resource created successfully" }),
    );
  });

  it("edits a resource with its values filled in, and publishes it", async () => {
    const user = userEvent.setup();
    renderPage(<AdminResourcesPage />, "/admin/resources");
    await user.click(await screen.findByRole("button", { name: "Edit Split Sheet Template" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Title")).toHaveValue("Split Sheet Template");
    expect(within(dialog).getByLabelText("Duration (min)")).toHaveValue(5);
    const published = within(dialog).getByRole("switch", { name: "Published" });
    expect(published).not.toBeChecked();
    await user.click(published);
    await user.click(within(dialog).getByRole("button", { name: "Update" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "PATCH",
      url: "/api/development-resources/r1",
      body: { isPublished: 1, category: "legal" },
    });
    await waitFor(() => expect(lastToast()?.description).toBe("Development resource updated successfully"));
  });

  it("deletes only after the browser confirms", async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderPage(<AdminResourcesPage />, "/admin/resources");
    const remove = await screen.findByRole("button", { name: "Delete Split Sheet Template" });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this development resource?");
    expect(writes()).toEqual([]);
    await user.click(remove);
    await waitFor(() =>
      expect(writes()).toEqual([{ method: "DELETE", url: "/api/development-resources/r1", body: undefined }]),
    );
    await waitFor(() => expect(lastToast()?.description).toBe("Development resource deleted successfully"));
  });

  it("tells a member that administrator access is required", async () => {
    calls = mockApi({}, memberUser);
    renderPage(<AdminResourcesPage />, "/admin/resources");
    expect(await screen.findByRole("heading", { name: "Administrator access required" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add Resource" })).toBeNull();
    expect(calls.some((c) => c.url === "/api/development-resources/all")).toBe(false);
  });
});
