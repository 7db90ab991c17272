import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { ReleaseDialog } from "./release-dialog";

afterEach(() => vi.unstubAllGlobals());

const TAKEN = "UPC 036000291452 is already used by Night Drive";

describe("ReleaseDialog", () => {
  it("sends the release with its tracks in order, and shows a taken UPC beside its field", async () => {
    const user = userEvent.setup();
    const calls = mockApi({ "POST /api/releases": () => json({ message: TAKEN, fieldErrors: { upc: [TAKEN] } }, 409) });
    renderPage(<ReleaseDialog open item={null} onOpenChange={vi.fn()} />);
    await user.type(screen.getByLabelText("Title"), "Second Album");
    await user.type(screen.getByLabelText("Artist"), "Nova Reign");
    await user.type(screen.getByLabelText("UPC"), "036000291452");
    await user.type(screen.getByLabelText("Track 1 title"), "Intro");
    await user.type(screen.getByLabelText("Track 1 ISRC"), "US-RC1-76-07839");
    await user.click(screen.getByRole("button", { name: "Add track" }));
    await user.type(screen.getByLabelText("Track 2 title"), "Outro");
    await user.type(screen.getByLabelText("Track 2 ISRC"), "USRC17607840");
    await user.click(screen.getByRole("button", { name: "Add release" }));

    await waitFor(() => expect(screen.getByLabelText("UPC")).toHaveAccessibleDescription(TAKEN));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      title: "Second Album",
      upc: "036000291452",
      tracks: [
        { title: "Intro", isrc: "USRC17607839" },
        { title: "Outro", isrc: "USRC17607840" },
      ],
    });
  });

  it("refuses a UPC with a wrong check digit before sending", async () => {
    const user = userEvent.setup();
    const calls = mockApi({});
    renderPage(<ReleaseDialog open item={null} onOpenChange={vi.fn()} />);
    await user.type(screen.getByLabelText("UPC"), "036000291453");
    await user.click(screen.getByRole("button", { name: "Add release" }));
    expect(await screen.findByText("This UPC's check digit is wrong; check the number")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });
});
