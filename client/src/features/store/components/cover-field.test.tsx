import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOGO_MAX_BYTES } from "@shared/object-uploads";
import type { StoreListing } from "@shared/store";
import { json, mockApi, renderPage, type ApiCall, type Route } from "@/test/page-harness";
import { ListingForm } from "./listing-form";

const RELEASE_ID = "6c6c6c6c-0000-4000-8000-000000000001";
const SAVED_COVER = "/objects/uploads/0b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69";
const NEW_COVER = "/objects/uploads/1c9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a70";
const UPLOAD_URL = "http://localhost/api/objects/upload/1c9a7f0e?expires=1&signature=s";
const LISTING: NonNullable<StoreListing["listing"]> = {
  published: false,
  price: "7.00",
  payWhatYouWant: false,
  minimumPrice: null,
  suggestedPrice: null,
  formats: ["flac"],
  trackPrice: null,
  genre: null,
  coverUrl: null,
};
let calls: ApiCall[];

function setUp(listing: StoreListing["listing"], routes: Record<string, Route> = {}) {
  calls = mockApi({
    "POST /api/objects/upload": () => ({ uploadURL: UPLOAD_URL, objectPath: NEW_COVER }),
    [`PUT ${UPLOAD_URL}`]: () => json({ objectPath: NEW_COVER }),
    [`PUT /api/releases/${RELEASE_ID}/store`]: ({ body }) => ({
      releaseId: RELEASE_ID,
      listing: { ...LISTING, ...(body as object) },
      tracks: [],
    }),
    ...routes,
  });
  renderPage(<ListingForm releaseId={RELEASE_ID} listing={listing} />, "/admin/store");
}

/** The field's own error line (a failed save's toast is elsewhere on the page). */
const fieldAlert = () => within(screen.getByRole("form", { name: "Sale" })).findByRole("alert");
const saves = () => calls.filter((c) => c.method === "PUT" && c.url === `/api/releases/${RELEASE_ID}/store`);
const sent = () => calls.filter((c) => c.method !== "GET");
const image = (name: string, type: string, size = 2048) => new File([new Uint8Array(size)], name, { type });

/** jsdom reads no pictures: this one "loads" any file as a picture of the given size. */
function picturesOfSize(width: number, height: number) {
  vi.stubGlobal(
    "Image",
    class {
      naturalWidth = width;
      naturalHeight = height;
      onload: (() => void) | null = null;
      set src(_url: string) {
        queueMicrotask(() => this.onload?.());
      }
    },
  );
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:cover-preview");
  URL.revokeObjectURL = vi.fn();
  picturesOfSize(1400, 1400);
});
afterEach(() => vi.unstubAllGlobals());

describe("the sale's cover field", () => {
  it("previews the saved cover, takes only JPEG, PNG or WebP, and offers to replace it", async () => {
    setUp({ ...LISTING, coverUrl: SAVED_COVER });
    const picker = await screen.findByLabelText("Cover image");
    expect(picker).toHaveAttribute("type", "file");
    expect(picker).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
    expect(picker).toHaveAccessibleDescription("A square JPEG, PNG or WebP image, at most 5MB.");
    expect(screen.getByRole("img", { name: "Cover preview" })).toHaveAttribute("src", SAVED_COVER);
    expect(screen.getByRole("button", { name: "Replace cover" })).toBeEnabled();
  });

  it("refuses another type or too large a file in plain words, sending nothing", async () => {
    const user = userEvent.setup({ applyAccept: false });
    setUp(LISTING);
    const picker = await screen.findByLabelText("Cover image");
    await user.upload(picker, image("cover.gif", "image/gif"));
    expect(await fieldAlert()).toHaveTextContent("This file can't be a cover. Choose a JPEG, PNG or WebP image.");
    await user.upload(picker, image("booklet.pdf", "application/pdf"));
    expect(await fieldAlert()).toHaveTextContent("This file can't be a cover. Choose a JPEG, PNG or WebP image.");
    await user.upload(picker, image("cover.jpg", "image/jpeg", LOGO_MAX_BYTES + 300_000));
    expect(await fieldAlert()).toHaveTextContent("This image is too large (5.3MB). A cover may be at most 5MB.");
    expect(picker).toHaveAttribute("aria-invalid", "true");
    expect(sent()).toEqual([]);
    expect(screen.queryByRole("img", { name: "Cover preview" })).not.toBeInTheDocument();
  });

  it("refuses a picture over 4096 pixels a side before uploading it", async () => {
    const user = userEvent.setup();
    picturesOfSize(6000, 6000);
    setUp(LISTING);
    await user.upload(await screen.findByLabelText("Cover image"), image("huge.png", "image/png"));
    expect(await fieldAlert()).toHaveTextContent("Images may be at most 4096 × 4096 pixels; this one is 6000 × 6000.");
    expect(sent()).toEqual([]);
  });

  it("uploads a new cover as a cover, previews it and records it only when the sale is saved", async () => {
    const user = userEvent.setup();
    setUp({ ...LISTING, coverUrl: SAVED_COVER });
    await user.upload(await screen.findByLabelText("Cover image"), image("front.png", "image/png"));
    expect(await screen.findByText("New cover uploaded. Save the sale to keep it.")).toBeInTheDocument();
    expect(calls.find((c) => c.url === "/api/objects/upload")?.body).toEqual({
      contentType: "image/png",
      purpose: "cover",
    });
    expect(calls.some((c) => c.method === "PUT" && c.url === UPLOAD_URL)).toBe(true);
    expect(screen.getByRole("img", { name: "Cover preview" })).toHaveAttribute("src", "blob:cover-preview");
    expect(saves()).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Save sale" }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].body).toMatchObject({ price: "7.00", coverUrl: NEW_COVER });
  });

  it("says plainly when the upload address refuses the file, and keeps the saved cover", async () => {
    const user = userEvent.setup();
    setUp(
      { ...LISTING, coverUrl: SAVED_COVER },
      { [`PUT ${UPLOAD_URL}`]: () => json({ message: "The file is not the image type it claims to be" }, 415) },
    );
    await user.upload(await screen.findByLabelText("Cover image"), image("front.png", "image/png"));
    expect(await fieldAlert()).toHaveTextContent(
      "This file is not a JPEG, PNG or WebP image, whatever its name says. Choose another image.",
    );
    expect(screen.getByRole("img", { name: "Cover preview" })).toHaveAttribute("src", SAVED_COVER);
  });

  it("removes the cover with the sale's save", async () => {
    const user = userEvent.setup();
    setUp({ ...LISTING, coverUrl: SAVED_COVER });
    await user.click(await screen.findByRole("button", { name: "Remove cover" }));
    expect(screen.queryByRole("img", { name: "Cover preview" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload cover" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save sale" }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].body).toMatchObject({ coverUrl: null });
  });

  it("shows the server's refusal of the cover beside the field", async () => {
    const user = userEvent.setup();
    const message = "Upload the cover again before saving";
    setUp(LISTING, {
      [`PUT /api/releases/${RELEASE_ID}/store`]: () => json({ message, fieldErrors: { coverUrl: [message] } }, 400),
    });
    await user.upload(await screen.findByLabelText("Cover image"), image("front.webp", "image/webp"));
    await screen.findByText("New cover uploaded. Save the sale to keep it.");
    await user.click(screen.getByRole("button", { name: "Save sale" }));
    expect(await fieldAlert()).toHaveTextContent(message);
    expect(screen.getByLabelText("Cover image")).toHaveAttribute("aria-invalid", "true");
  });
});
