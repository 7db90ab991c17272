import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ReleaseSplits } from "@shared/royalty-catalogue";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { SplitsEditor } from "./splits-editor";

const RELEASE = "11111111-1111-4111-8111-111111111111";
const TRACK = "22222222-2222-4222-8222-222222222222";
const ADA = "33333333-3333-4333-8333-333333333333";
const BEN = "44444444-4444-4444-8444-444444444444";

const PAYEES = [ADA, BEN].map((id, index) => ({
  id,
  name: index === 0 ? "Ada" : "Ben",
  email: `${index}@payee.test`,
  artistName: null,
  platformShare: "0.00",
  createdAt: "2026-01-01T00:00:00.000Z",
}));

const SPLITS: ReleaseSplits = {
  releaseId: RELEASE,
  splits: [{ payeeId: ADA, payeeName: "Ada", share: "70.00" }],
  labelShare: "30.00",
  tracks: [{ trackId: TRACK, title: "Intro", isrc: "USRC17607839", splits: [], labelShare: "30.00" }],
};

afterEach(() => vi.unstubAllGlobals());

function api(onPut: (call: { body: unknown }) => ReleaseSplits = () => SPLITS) {
  return mockApi({
    [`GET /api/releases/${RELEASE}/splits`]: () => SPLITS,
    "GET /api/payees": () => PAYEES,
    [`PUT /api/releases/${RELEASE}/splits`]: (call) => json(onPut(call)),
  });
}

describe("SplitsEditor", () => {
  it("shows the label's share as shares are typed: 70.00 and 30 leave it 0.00", async () => {
    const user = userEvent.setup();
    api();
    renderPage(<SplitsEditor releaseId={RELEASE} />);
    const form = await screen.findByRole("form", { name: "Release splits" });
    expect(within(form).getByText("Label's share: 30%")).toBeInTheDocument();

    await user.click(within(form).getByRole("button", { name: "Add payee" }));
    await user.selectOptions(within(form).getByLabelText("Payee 2"), BEN);
    await user.type(within(form).getByLabelText("Share 2 (%)"), "30");
    expect(within(form).getByText("Label's share: 0%")).toBeInTheDocument();
  });

  it("sends the splits, and says when they add up to more than 100", async () => {
    const user = userEvent.setup();
    const onPut = vi.fn(() => SPLITS);
    const calls = api(onPut);
    renderPage(<SplitsEditor releaseId={RELEASE} />);
    const form = await screen.findByRole("form", { name: "Release splits" });

    await user.click(within(form).getByRole("button", { name: "Add payee" }));
    await user.selectOptions(within(form).getByLabelText("Payee 2"), BEN);
    await user.type(within(form).getByLabelText("Share 2 (%)"), "50");
    expect(within(form).getByText("Shares add up to 120%; together they can be at most 100%")).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Save splits" }));
    expect(onPut).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText("Share 2 (%)"));
    await user.type(within(form).getByLabelText("Share 2 (%)"), "20.5");
    expect(within(form).getByText("Label's share: 9.5%")).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Save splits" }));
    await waitFor(() => expect(onPut).toHaveBeenCalledOnce());
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.body).toEqual({
      splits: [
        { payeeId: ADA, share: "70.00" },
        { payeeId: BEN, share: "20.50" },
      ],
    });
  });

  it("lists each track as following the release until it has splits of its own", async () => {
    api();
    renderPage(<SplitsEditor releaseId={RELEASE} />);
    expect(await screen.findByText("(USRC17607839) follows the release")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Splits of Intro" })).toBeInTheDocument();
  });
});
