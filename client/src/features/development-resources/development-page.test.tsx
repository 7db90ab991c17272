import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, memberUser, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { DevelopmentPage } from "@/pages/development-page";

const resource = (title: string, category: string) => ({
  id: title,
  title,
  description: `${title} description`,
  category,
  resourceType: "guide",
  contentUrl: null,
  embedUrl: null,
  thumbnailUrl: null,
  downloadUrl: null,
  duration: 10,
  isPublished: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
});

afterEach(() => vi.unstubAllGlobals());

describe("Artist Development page", () => {
  it("loads all resources, then each tab's category from the server", async () => {
    const user = userEvent.setup();
    const calls: ApiCall[] = mockApi(
      {
        "GET /api/development-resources": () => [
          resource("Split Sheets", "legal"),
          resource("Stage Presence", "performance"),
        ],
        "GET /api/development-resources?category=legal": () => [resource("Split Sheets", "legal")],
        "GET /api/development-resources?category=marketing": () => [],
      },
      memberUser,
    );
    renderPage(<DevelopmentPage />, "/development");

    expect(screen.getByRole("heading", { level: 1, name: "Artist Development" })).toBeInTheDocument();
    expect(screen.getByText("Educational resources and mentorship programs")).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual([
      "All Resources",
      "Marketing",
      "Production",
      "Legal",
      "Performance",
    ]);
    // The frame switches to the signed-in layout once the user loads; wait for the settled page.
    await waitFor(() => expect(screen.getByRole("heading", { name: "Stage Presence" })).toBeInTheDocument());

    await user.click(screen.getByRole("tab", { name: "Legal" }));
    expect(await screen.findByRole("heading", { name: "Split Sheets" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Stage Presence" })).toBeNull();

    await user.click(screen.getByRole("tab", { name: "Marketing" }));
    expect(await screen.findByText("No marketing resources available yet.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith("/api/development-resources")).map((c) => c.url)).toEqual([
      "/api/development-resources",
      "/api/development-resources?category=legal",
      "/api/development-resources?category=marketing",
    ]);
  });

  it("shows six skeleton cards while loading, then the general empty text", async () => {
    let answer!: () => void;
    mockApi(
      { "GET /api/development-resources": () => new Promise((resolve) => (answer = () => resolve(json([])))) },
      memberUser,
    );
    renderPage(<DevelopmentPage />, "/development");
    await waitFor(() => expect(screen.getAllByTestId("resource-skeleton")).toHaveLength(6));
    answer();
    expect(
      await screen.findByText("No resources available yet. Check back soon for educational content!"),
    ).toBeInTheDocument();
  });

  it("shows the 'status: statusText' error when the load fails", async () => {
    mockApi(
      {
        "GET /api/development-resources": () =>
          new Response("{}", { status: 500, statusText: "Internal Server Error" }),
      },
      memberUser,
    );
    renderPage(<DevelopmentPage />, "/development");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load resources.");
    expect(alert).toHaveTextContent("500: Internal Server Error");
  });
});
