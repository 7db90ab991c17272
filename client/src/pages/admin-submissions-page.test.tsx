import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderPage } from "@/test/page-harness";
import { AdminSubmissionsPage } from "@/pages/admin-submissions-page";

const base = {
  artistName: "Nova Reign",
  genre: "Pop",
  bpm: null,
  description: null,
  status: "pending",
  feedback: null,
  replyBy: "2026-11-15T10:00:00.000Z",
  decidedAt: null,
  memberEmail: "nova@label.test",
  fileType: "audio/mpeg",
  fileSize: 1000,
};
const first = {
  ...base,
  id: "11111111-1111-4111-8111-111111111111",
  trackTitle: "Oldest Track",
  submittedAt: "2026-11-01T10:00:00.000Z",
  overdue: true,
  audioUrl: "/api/submissions/1/audio?expires=1&signature=a",
};
const second = {
  ...base,
  id: "22222222-2222-4222-8222-222222222222",
  trackTitle: "Newer Track",
  submittedAt: "2026-11-02T10:00:00.000Z",
  overdue: false,
  audioUrl: "/api/submissions/2/audio?expires=1&signature=b",
};

afterEach(() => vi.unstubAllGlobals());

describe("A&R inbox", () => {
  it("moves with j and k, plays the selected track, and rejects it with feedback", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      "GET /api/submissions": () => [first, second],
      "GET /api/submission-replies": () => [
        { id: "r1", title: "Not ready", body: "The mix is not ready yet.", createdAt: "2026-11-01T10:00:00.000Z" },
      ],
      [`POST /api/submissions/${second.id}/status`]: ({ body }) => ({ ...second, ...(body as object) }),
    });
    renderPage(<AdminSubmissionsPage />, "/admin/submissions");
    const review = await screen.findByRole("article", { name: "Review of Oldest Track" });
    expect(within(review).getByText("Overdue")).toBeInTheDocument();
    expect(review.querySelector("audio")).toHaveAttribute("src", first.audioUrl);

    await user.keyboard("j");
    const next = await screen.findByRole("article", { name: "Review of Newer Track" });
    await user.click(within(next).getByRole("button", { name: "Reject" }));
    expect(within(next).getByRole("alert")).toHaveTextContent("Write the feedback the artist will receive");

    await user.selectOptions(within(next).getByLabelText("Saved replies"), "r1");
    expect(within(next).getByLabelText("Feedback to the artist")).toHaveValue("The mix is not ready yet.");
    await user.click(within(next).getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        status: "rejected",
        feedback: "The mix is not ready yet.",
      }),
    );
    await user.keyboard("k");
    expect(await screen.findByRole("article", { name: "Review of Oldest Track" })).toBeInTheDocument();
  });

  it("accepts a track into the royalty catalogue with its UPC, ISRC and the artist's share", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      "GET /api/submissions": () => [first],
      "GET /api/submission-replies": () => [],
      [`POST /api/submissions/${first.id}/status`]: ({ body }) => ({ ...first, ...(body as object) }),
    });
    renderPage(<AdminSubmissionsPage />, "/admin/submissions");
    const review = await screen.findByRole("article", { name: "Review of Oldest Track" });
    expect(within(review).queryByLabelText("UPC")).toBeNull();
    await user.click(within(review).getByRole("checkbox", { name: "On accepting, add it to the royalty catalogue" }));
    await user.type(within(review).getByLabelText("UPC"), "036000291452");
    await user.type(within(review).getByLabelText("ISRC"), "USRC17607839");
    await user.clear(within(review).getByLabelText("Artist's share (%)"));
    await user.type(within(review).getByLabelText("Artist's share (%)"), "60");
    await user.type(within(review).getByLabelText("Feedback to the artist"), "Welcome aboard!");
    await user.click(within(review).getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        status: "accepted",
        feedback: "Welcome aboard!",
        catalogue: { upc: "036000291452", isrc: "USRC17607839", share: "60" },
      }),
    );
  });
});
