import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { RoyaltyImport, UnmatchedCode } from "@shared/royalty-imports";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { ImportResultSummary } from "@/features/royalties/imports/components/import-result-summary";
import { UnmatchedSummary } from "@/features/royalties/imports/components/unmatched-summary";
import { AdminUnmatchedPage } from "./admin-unmatched-page";

const code: UnmatchedCode = {
  isrc: "QZSMP2600099",
  upc: null,
  title: "Paper Boats",
  artist: "Sample Artist",
  lines: 1,
  amount: "11.065",
  firstReported: "2026-01-01",
  lastReported: "2026-03-31",
};
const imported: RoyaltyImport = {
  id: "i1",
  format: "distrokid",
  fileName: "distrokid-2026-02.tsv",
  status: "done",
  bytesTotal: 10,
  bytesRead: 10,
  lines: 5,
  matched: 4,
  unmatched: 1,
  total: "80.101812",
  createdAt: "2026-11-26T00:00:00.000Z",
  finishedAt: "2026-11-26T00:00:05.000Z",
  error: null,
};
const release = {
  id: "r1",
  title: "Paper Boats",
  artist: "Sample Artist",
  upc: "198765432109",
  releaseDate: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  tracks: [{ id: "t1", title: "Paper Boats (Radio Edit)", isrc: "QZSMP2699999" }],
};

describe("assigning an unmatched code", () => {
  it("searches the catalogue for the report's title, says how many lines matched, and every count follows", async () => {
    const user = userEvent.setup();
    let assigned = false;
    const calls = mockApi({
      "GET /api/royalty-lines/unmatched-codes": () => json(assigned ? [] : [code]),
      "GET /api/royalty-imports": () => json([assigned ? { ...imported, matched: 5, unmatched: 0 } : imported]),
      "GET /api/releases?q=Paper+Boats": () => json([release]),
      "POST /api/royalty-lines/assign": () => {
        assigned = true;
        return json({ matched: 1 });
      },
    });
    const { id, format, lines, matched, unmatched, total } = imported;
    renderPage(
      <>
        <UnmatchedSummary />
        <ImportResultSummary result={{ id, format: format!, lines, matched, unmatched, total }} />
        <AdminUnmatchedPage />
      </>,
    );
    const row = within(await screen.findByRole("list", { name: "Unmatched codes" })).getByRole("listitem");
    expect(row).toHaveTextContent("1 line, $11.07 · reported January 1 – March 31, 2026");
    expect(await screen.findByText(/1 line waits under 1 code/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "assign them on the Unmatched page" })).toHaveAttribute(
      "href",
      "/admin/unmatched",
    );

    await user.click(within(row).getByRole("button", { name: "Assign QZSMP2600099" }));
    expect(screen.getByLabelText("Search the catalogue")).toHaveValue("Paper Boats");
    await user.click(await screen.findByRole("button", { name: /Paper Boats \(Radio Edit\)/ }));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ isrc: "QZSMP2600099", trackId: "t1" });
    expect((await screen.findAllByText("1 line matched")).length).toBeGreaterThan(0);

    expect(await screen.findByText("Every line is matched.")).toBeInTheDocument();
    expect(await screen.findByText("Every imported line is matched.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /unmatched/ })).toBeNull();
  });
});
