import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memberUser, mockApi, renderPage } from "@/test/page-harness";
import { AdminCataloguePage } from "./admin-catalogue-page";

afterEach(() => vi.unstubAllGlobals());

const RELEASE = {
  id: "11111111-1111-4111-8111-111111111111",
  title: "Night Drive",
  artist: "Nova Reign",
  upc: "036000291452",
  releaseDate: "2026-05-01",
  tracks: [{ id: "22222222-2222-4222-8222-222222222222", title: "Intro", isrc: "USRC17607839" }],
  createdAt: "2026-05-01T00:00:00.000Z",
};

describe("AdminCataloguePage", () => {
  it("says so when the catalogue is empty", async () => {
    mockApi({ "GET /api/releases": () => [] });
    renderPage(<AdminCataloguePage />, "/admin/catalogue");
    expect(await screen.findByText("No releases yet")).toBeInTheDocument();
  });

  it("lists releases with their UPC, date and track count, and searches as typed", async () => {
    const user = userEvent.setup();
    const calls = mockApi({ "GET /api/releases": () => [RELEASE], "GET /api/releases?q=nova": () => [RELEASE] });
    renderPage(<AdminCataloguePage />, "/admin/catalogue");
    expect(await screen.findByRole("button", { name: "Edit Night Drive" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Splits of Night Drive" })).toBeInTheDocument();
    expect(screen.getByText("036000291452")).toBeInTheDocument();
    expect(screen.getByText("1 track")).toBeInTheDocument();
    expect(screen.getByText("May 1, 2026")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Search releases"), "nova");
    await vi.waitFor(() => expect(calls.some((call) => call.url === "/api/releases?q=nova")).toBe(true));
    expect(await screen.findByRole("status")).toHaveTextContent("1 release found");
  });

  it("tells a member the page is for administrators", async () => {
    mockApi({}, memberUser);
    renderPage(<AdminCataloguePage />, "/admin/catalogue");
    expect(await screen.findByText(/Administrator access required/)).toBeInTheDocument();
  });
});
