import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { RoyaltyImport } from "@shared/royalty-imports";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { ImportList } from "./import-list";
import { ImportUploadForm } from "./import-upload-form";
import { UnmatchedCodesList } from "./unmatched-codes-list";

const base: RoyaltyImport = {
  id: "i1",
  format: "distrokid",
  fileName: "distrokid-2026-02.tsv",
  status: "done",
  bytesTotal: 1000,
  bytesRead: 1000,
  lines: 1234567,
  matched: 1200000,
  unmatched: 34567,
  total: "80.101812",
  createdAt: "2026-11-26T00:00:00.000Z",
  finishedAt: "2026-11-26T00:00:05.000Z",
  error: null,
};

describe("the royalty imports", () => {
  it("shows a running import's progress, a finished one's counts and a failed one's reason", () => {
    mockApi({});
    renderPage(
      <ImportList
        imports={[
          { ...base, id: "i3", status: "processing", bytesRead: 250, lines: 2500, finishedAt: null },
          base,
          { ...base, id: "i2", status: "failed", error: "Add a rate for EUR: how many dollars one euro is worth" },
        ]}
      />,
    );
    const items = within(screen.getByRole("list", { name: "Imports" })).getAllByRole("listitem");
    expect(within(items[0]).getByRole("progressbar", { name: "Read 2,500 lines" })).toHaveAttribute("value", "25");
    expect(items[1]).toHaveTextContent("1,234,567 lines, 1,200,000 matched, 34,567 unmatched · total $80.10");
    expect(items[2]).toHaveTextContent("DistroKid report ·");
    expect(items[2]).toHaveTextContent("Not imported: Add a rate for EUR: how many dollars one euro is worth");
  });

  it("removes an import after a confirm, and says in words why one cannot be", async () => {
    const user = userEvent.setup();
    const refusal =
      "This import's lines are counted in the statements of the closed period July 1 – 31, 2026: it can no longer be removed";
    const calls = mockApi({
      "DELETE /api/royalty-imports/i1": () => new Response(null, { status: 204 }),
      "DELETE /api/royalty-imports/i2": () => json({ message: refusal }, 409),
      "GET /api/royalty-imports": () => json([]),
    });
    renderPage(
      <ImportList
        imports={[base, { ...base, id: "i2", fileName: "closed.tsv" }, { ...base, id: "i3", status: "processing" }]}
      />,
    );
    const items = within(screen.getByRole("list", { name: "Imports" })).getAllByRole("listitem");
    expect(within(items[2]).queryByRole("button", { name: /Remove/ })).toBeNull();

    await user.click(within(items[0]).getByRole("button", { name: "Remove distrokid-2026-02.tsv" }));
    expect(await screen.findByText("Remove distrokid-2026-02.tsv?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Keep it" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(within(items[0]).getByRole("button", { name: "Remove distrokid-2026-02.tsv" }));
    await user.click(await screen.findByRole("button", { name: "Remove import" }));
    await screen.findAllByText("Import removed");
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/royalty-imports/i1"]);

    await user.click(within(items[1]).getByRole("button", { name: "Remove closed.tsv" }));
    await user.click(await screen.findByRole("button", { name: "Remove import" }));
    expect(await within(items[1]).findByRole("alert")).toHaveTextContent(refusal);
  });

  it("shows each unmatched code's lines, amount and the days it was reported as people read them", () => {
    mockApi({});
    renderPage(
      <UnmatchedCodesList
        codes={[
          {
            isrc: "QZSMP2600099",
            upc: null,
            title: "Paper Boats",
            artist: "Sample Artist",
            lines: 1204,
            amount: "1059.139900",
            firstReported: "2026-02-07",
            lastReported: "2026-04-18",
          },
        ]}
      />,
    );
    const item = within(screen.getByRole("list", { name: "Unmatched codes" })).getByRole("listitem");
    expect(item).toHaveTextContent("1,204 lines, $1,059.14 · reported February 7 – April 18, 2026");
    expect(within(item).getByRole("button", { name: "Assign QZSMP2600099" })).toBeInTheDocument();
  });

  it("says when every line is matched", () => {
    mockApi({});
    renderPage(<UnmatchedCodesList codes={[]} />);
    expect(screen.getByText("Every line is matched.")).toBeInTheDocument();
  });

  it("asks for a file, and refuses a rate that is not a number, before uploading", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /api/royalty-imports": () => json([]) });
    renderPage(<ImportUploadForm />);
    await user.click(screen.getByRole("button", { name: "Import report" }));
    expect(await screen.findByText("Choose a report file")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add a rate" }));
    await user.type(screen.getByLabelText("Currency 1"), "EUR");
    await user.type(screen.getByLabelText("Rate 1"), "abc");
    await user.click(screen.getByRole("button", { name: "Import report" }));
    expect(await screen.findByText("Enter a rate like 1.10 (at most 10 decimals)")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Rate 1"));
    await user.type(screen.getByLabelText("Rate 1"), "1000");
    await user.click(screen.getByRole("button", { name: "Import report" }));
    expect(await screen.findByText("A rate is at most 999.9999999999")).toBeInTheDocument();
  });
});
