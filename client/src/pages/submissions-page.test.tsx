import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memberUser, mockApi, renderPage } from "@/test/page-harness";
import { SubmissionsPage } from "@/pages/submissions-page";

const config = (demoContent: boolean) => ({
  stripePublishableKey: null,
  masterCodeEnabled: false,
  liveStreamPollMs: 30000,
  demoContent,
});

const rejected = {
  id: "11111111-1111-4111-8111-111111111111",
  artistName: "Nova Reign",
  trackTitle: "After Hours",
  genre: "R&B / Soul",
  bpm: 92,
  description: null,
  status: "rejected",
  feedback: "The mix is not ready yet.",
  submittedAt: "2026-11-01T10:00:00.000Z",
  replyBy: "2026-11-15T10:00:00.000Z",
  decidedAt: "2026-11-05T10:00:00.000Z",
  overdue: false,
  audioUrl: "/api/submissions/11111111-1111-4111-8111-111111111111/audio?expires=1&signature=x",
};

afterEach(() => vi.unstubAllGlobals());

async function show() {
  renderPage(<SubmissionsPage />, "/submissions");
  await screen.findByRole("navigation", { name: "Dashboard" });
}

describe("Music Submissions", () => {
  it("keeps the form's texts and names missing fields before anything is sent", async () => {
    const user = userEvent.setup();
    const calls = mockApi({ "GET /api/config": () => config(false), "GET /api/submissions/my": () => [] }, memberUser);
    await show();
    const picker = screen.getByLabelText("Audio File");
    expect(picker.getAttribute("accept")).toContain("audio/mpeg");
    expect(picker).toHaveAccessibleDescription("MP3, WAV, FLAC (max 100MB)");
    for (const label of ["Artist Name", "Track Title", "Genre", "Description"])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText("BPM")).toHaveAttribute("type", "number");
    await user.click(screen.getByRole("button", { name: "Submit Track for Review" }));
    expect(screen.getByText("Choose an MP3, WAV or FLAC file")).toBeInTheDocument();
    expect(screen.getAllByText("Required")).toHaveLength(3);
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("lists the member's submissions with coloured badges, and View Details shows the player and feedback", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /api/config": () => config(false), "GET /api/submissions/my": () => [rejected] }, memberUser);
    await show();
    await user.click(screen.getByRole("tab", { name: "Submission Status" }));
    const badge = await screen.findByText("Rejected");
    expect(badge.className).toContain("red");
    expect(screen.queryByText("Sample submissions")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "View details of After Hours" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("The mix is not ready yet.")).toBeInTheDocument();
    expect(dialog.querySelector("audio")).toHaveAttribute("src", rejected.audioUrl);
  });

  it("shows the sample cards only while the label runs with demonstration content", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /api/config": () => config(true), "GET /api/submissions/my": () => [] }, memberUser);
    await show();
    await user.click(screen.getByRole("tab", { name: "Submission Status" }));
    expect(await screen.findByText("Sample submissions")).toBeInTheDocument();
    expect(screen.getByText("You have not submitted a track yet.")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /^View details of/ })).toHaveLength(4);
  });
});
