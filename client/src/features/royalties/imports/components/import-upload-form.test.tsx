import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoyaltyImport } from "@shared/royalty-imports";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { ImportList } from "./import-list";
import { ImportUploadForm } from "./import-upload-form";

const done: RoyaltyImport = {
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

/** The upload's XHR, answering `status` and `body` once sent. */
function fakeUpload(status: number, body: unknown) {
  class FakeXhr {
    upload = { onprogress: null as ((event: ProgressEvent) => void) | null };
    status = status;
    statusText = "";
    responseText = JSON.stringify(body);
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    send() {
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
}
afterEach(() => {
  vi.unstubAllGlobals();
});

const report = () => new File(["Reporting Date\tEarnings (USD)\n"], "distrokid-2026-02.tsv");

describe("importing a report", () => {
  it("empties the file field after an import, and its unmatched count links to the Unmatched page", async () => {
    const user = userEvent.setup();
    fakeUpload(201, { id: "i1", format: "distrokid", lines: 5, matched: 4, unmatched: 1, total: "80.101812" });
    mockApi({ "GET /api/royalty-imports": () => json([done]) });
    renderPage(<ImportUploadForm />);
    const field = screen.getByLabelText<HTMLInputElement>("Report file (DistroKid, CD Baby or TuneCore)");
    await user.upload(field, report());
    expect(field.files).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Import report" }));
    expect(await screen.findByText("Imported a DistroKid report")).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLInputElement>("Report file (DistroKid, CD Baby or TuneCore)").files).toHaveLength(
      0,
    );
    expect(screen.getByText("$80.10")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "1 unmatched" })).toHaveAttribute("href", "/admin/unmatched");
    // Sent again without choosing a file, it asks for one rather than importing the same report twice.
    await user.click(screen.getByRole("button", { name: "Import report" }));
    expect(await screen.findByText("Choose a report file")).toBeInTheDocument();
  });

  it("says why a report was refused, naming the format it was read as, until dismissed", async () => {
    const user = userEvent.setup();
    const refusal = "Add a rate for EUR: how many dollars one euro is worth";
    fakeUpload(400, { message: refusal });
    const failed = { ...done, id: "i2", format: "tunecore" as const, status: "failed" as const, error: refusal };
    mockApi({ "GET /api/royalty-imports": () => json([{ ...failed, fileName: "distrokid-2026-02.tsv" }]) });
    renderPage(<ImportUploadForm />);
    await user.upload(screen.getByLabelText("Report file (DistroKid, CD Baby or TuneCore)"), report());
    await user.click(screen.getByRole("button", { name: "Import report" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(refusal);
    expect(await within(alert).findByText(/The TuneCore report was not imported\./)).toBeInTheDocument();
    await user.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("lists a failed import with its format, or says none was recognised, and dismisses it without a confirm", async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      "DELETE /api/royalty-imports/i3": () => new Response(null, { status: 204 }),
      "GET /api/royalty-imports": () => json([]),
      "GET /api/royalty-lines/unmatched-codes": () => json([]),
    });
    renderPage(
      <ImportList
        imports={[
          { ...done, id: "i2", status: "failed", fileName: "eur.csv", format: "tunecore", error: "Add a rate…" },
          { ...done, id: "i3", status: "failed", fileName: "notes.txt", format: null, error: "Not a report" },
        ]}
      />,
    );
    const [eur, notes] = within(screen.getByRole("list", { name: "Imports" })).getAllByRole("listitem");
    expect(eur).toHaveTextContent("TuneCore report ·");
    expect(notes).toHaveTextContent("Format not recognised ·");
    expect(within(notes).queryByRole("button", { name: /Remove/ })).toBeNull();
    await user.click(within(notes).getByRole("button", { name: "Dismiss notes.txt" }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/royalty-imports/i3"]),
    );
    expect(screen.queryByText("Remove notes.txt?")).toBeNull();
  });
});
