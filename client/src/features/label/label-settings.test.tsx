import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOGO_MAX_BYTES } from "@shared/object-uploads";
import { toast } from "@/hooks/use-toast";
import { adminUser, json, memberUser, mockApi, renderPage, type ApiCall, type Route } from "@/test/page-harness";
import type { CurrentUser } from "@shared/users";
import { SettingsPage } from "@/pages/settings-page";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

const UPLOAD_URL = "http://localhost/api/objects/upload/abc?expires=1&signature=s";
const OBJECT_PATH = "/objects/uploads/0b9a7f0e-8a57-4c1e-9a3e-1f2d3c4b5a69";
let calls: ApiCall[];

function setUp(user: CurrentUser, routes: Record<string, Route> = {}) {
  calls = mockApi(
    {
      "POST /api/objects/upload": () => ({ uploadURL: UPLOAD_URL, objectPath: OBJECT_PATH }),
      [`PUT ${UPLOAD_URL}`]: () => json({ objectPath: OBJECT_PATH }),
      "PUT /api/user/label": ({ body }) => ({ ...user, ...(body as object) }),
      ...routes,
    },
    user,
  );
  renderPage(<SettingsPage />, "/settings");
}

const png = (size = 2048) => new File([new Uint8Array(size)], "logo.png", { type: "image/png" });
const toasts = () => vi.mocked(toast).mock.calls.map(([t]) => ({ title: t.title, description: t.description }));
const labelSaves = () => calls.filter((c) => c.method === "PUT" && c.url === "/api/user/label");

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
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
  picturesOfSize(512, 512);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe("Label Settings", () => {
  it("shows the name field, the images-only logo picker with its hint, Save Changes and Cancel to /", async () => {
    setUp({ ...memberUser, labelName: "Midnight Records", labelLogoUrl: OBJECT_PATH });
    expect(await screen.findByLabelText("Label Name")).toHaveValue("Midnight Records");
    const picker = screen.getByLabelText("Label Logo");
    expect(picker).toHaveAttribute("type", "file");
    // Exactly the types the server takes; the shared list is spelled out here on purpose.
    expect(picker).toHaveAttribute("accept", "image/png,image/jpeg,image/gif,image/webp");
    expect(picker).toHaveAccessibleDescription(/square PNG, JPG or GIF, max 5MB/);
    expect(screen.getByRole("img", { name: "Midnight Records logo preview" })).toHaveAttribute("src", OBJECT_PATH);
    expect(screen.getByRole("button", { name: "Save Changes" })).toBeEnabled();
    expect(screen.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/");
  });

  it("asks for a label name before anything else, and sends nothing", async () => {
    const user = userEvent.setup();
    setUp(memberUser);
    await user.click(await screen.findByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(toasts()).toEqual([{ title: "Please enter a label name", description: undefined }]));

    await user.type(screen.getByLabelText("Label Name"), "   ");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(toasts()).toHaveLength(2));
    expect(toasts()[1].title).toBe("Please enter a label name");
    expect(labelSaves()).toEqual([]);
  });

  it("asks for a logo when the label has none and none was uploaded", async () => {
    const user = userEvent.setup();
    setUp(memberUser);
    await user.type(await screen.findByLabelText("Label Name"), "Midnight Records");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(toasts()).toEqual([{ title: "Please upload a logo", description: undefined }]));
    expect(labelSaves()).toEqual([]);
  });

  it("refuses a file over 5MB before uploading anything", async () => {
    const user = userEvent.setup();
    setUp(memberUser);
    await user.upload(await screen.findByLabelText("Label Logo"), png(LOGO_MAX_BYTES + 1));
    expect(toasts()).toEqual([{ title: "File too large", description: "Maximum file size is 5MB" }]);
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("refuses a picture over 4096 × 4096 pixels before uploading anything, saying its size", async () => {
    const user = userEvent.setup();
    setUp(memberUser);
    picturesOfSize(8000, 8000);
    await user.upload(await screen.findByLabelText("Label Logo"), png());
    await waitFor(() =>
      expect(toasts()).toEqual([
        {
          title: "Image too large",
          description: "Images may be at most 4096 × 4096 pixels; this one is 8000 × 8000.",
        },
      ]),
    );
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("refuses an SVG (or any type the server does not take) in plain words before uploading anything", async () => {
    // As if "All files" were picked in the system dialog, past the picker's accept list.
    const user = userEvent.setup({ applyAccept: false });
    setUp(memberUser);
    const picker = await screen.findByLabelText("Label Logo");
    await user.upload(picker, new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
    await user.upload(picker, new File(["BM"], "logo.bmp", { type: "image/bmp" }));

    expect(toasts()).toEqual([
      { title: "Upload failed", description: "SVG logos can't be used. Choose a PNG, JPG, GIF or WebP image." },
      {
        title: "Upload failed",
        description: "This file can't be used as a logo. Choose a PNG, JPG, GIF or WebP image.",
      },
    ]);
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
    expect(screen.queryByRole("img", { name: /logo preview/ })).not.toBeInTheDocument();
  });

  it("shows the refused field's own message, not the request summary, when the server refuses the type", async () => {
    const user = userEvent.setup();
    setUp(memberUser, {
      "POST /api/objects/upload": () =>
        json(
          {
            message: "Invalid body: contentType: Only PNG, JPEG, GIF or WebP images can be uploaded",
            fieldErrors: { contentType: ["Only PNG, JPEG, GIF or WebP images can be uploaded"] },
          },
          400,
        ),
    });
    await user.upload(await screen.findByLabelText("Label Logo"), png());
    await waitFor(() =>
      expect(toasts()).toEqual([
        { title: "Upload failed", description: "Only PNG, JPEG, GIF or WebP images can be uploaded" },
      ]),
    );
  });

  it("uploads a logo but saves it only on Save Changes, then refreshes the current user", async () => {
    const user = userEvent.setup();
    setUp(memberUser);
    await user.type(await screen.findByLabelText("Label Name"), "  Midnight Records ");
    await user.upload(screen.getByLabelText("Label Logo"), png());

    await waitFor(() =>
      expect(toasts()).toEqual([
        { title: "Upload Complete", description: "Logo uploaded successfully. Click 'Save Changes' to apply." },
      ]),
    );
    const upload = calls.find((c) => c.method === "PUT" && c.url === UPLOAD_URL);
    expect(upload).toBeDefined();
    expect(calls.find((c) => c.url === "/api/objects/upload")?.body).toEqual({ contentType: "image/png" });
    expect(labelSaves()).toEqual([]);

    const userFetches = () => calls.filter((c) => c.url === "/api/auth/user").length;
    const before = userFetches();
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(labelSaves()).toHaveLength(1));
    expect(labelSaves()[0].body).toEqual({ labelName: "Midnight Records", labelLogoUrl: OBJECT_PATH });
    await waitFor(() =>
      expect(toasts()[1]).toEqual({ title: "Success", description: "Label settings updated successfully" }),
    );
    await waitFor(() => expect(userFetches()).toBe(before + 1));
  });

  it("shows 'Uploading...' while the file is on its way and 'Saving...' while saving", async () => {
    const user = userEvent.setup();
    let finishUpload!: () => void;
    let finishSave!: () => void;
    setUp(memberUser, {
      [`PUT ${UPLOAD_URL}`]: () => new Promise((resolve) => (finishUpload = () => resolve(json({})))),
      "PUT /api/user/label": ({ body }) =>
        new Promise((resolve) => (finishSave = () => resolve(json({ ...memberUser, ...(body as object) })))),
    });
    await user.type(await screen.findByLabelText("Label Name"), "Midnight Records");
    await user.upload(screen.getByLabelText("Label Logo"), png());
    expect(await screen.findByRole("button", { name: "Uploading..." })).toBeDisabled();
    finishUpload();
    await user.click(await screen.findByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    finishSave();
    expect(await screen.findByRole("button", { name: "Save Changes" })).toBeEnabled();
  });

  it("says 'Upload failed' when the file PUT is refused, and keeps the saved logo", async () => {
    const user = userEvent.setup();
    setUp(
      { ...memberUser, labelName: "Midnight Records", labelLogoUrl: "/objects/uploads/old" },
      {
        [`PUT ${UPLOAD_URL}`]: () => json({ message: "Maximum file size is 5MB" }, 413),
      },
    );
    await user.upload(await screen.findByLabelText("Label Logo"), png());
    await waitFor(() => expect(toasts()).toEqual([{ title: "Upload failed", description: "Upload failed" }]));
    expect(vi.mocked(toast).mock.calls[0][0].variant).toBe("destructive");

    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(labelSaves()).toHaveLength(1));
    expect(labelSaves()[0].body).toEqual({ labelName: "Midnight Records", labelLogoUrl: "/objects/uploads/old" });
  });

  it("shows the error's message when the upload could not start", async () => {
    const user = userEvent.setup();
    setUp(memberUser, { "POST /api/objects/upload": () => json({ message: "Please sign in to continue" }, 401) });
    await user.upload(await screen.findByLabelText("Label Logo"), png());
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: "Upload failed", description: "Please sign in to continue" }]),
    );
  });

  it("shows the server's message when saving fails", async () => {
    const user = userEvent.setup();
    setUp(
      { ...memberUser, labelLogoUrl: OBJECT_PATH },
      {
        "PUT /api/user/label": () => json({ message: "That logo does not belong to you" }, 400),
      },
    );
    await user.type(await screen.findByLabelText("Label Name"), "Midnight Records");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: "Error", description: "That logo does not belong to you" }]),
    );
  });

  it("lets an administrator set the label's public phone and e-mail, and clear one", async () => {
    const user = userEvent.setup();
    setUp({
      ...adminUser,
      labelName: "Night Shift",
      labelLogoUrl: OBJECT_PATH,
      labelContactPhone: "(312) 555-0142",
      labelContactEmail: null,
    });
    const contact = await screen.findByRole("group", { name: "Public contact" });
    expect(within(contact).getByLabelText("Contact Phone")).toHaveValue("(312) 555-0142");
    expect(within(contact).getByLabelText("Contact Phone")).toHaveAttribute("type", "tel");
    expect(within(contact).getByLabelText("Contact Email")).toHaveAttribute("type", "email");
    await user.clear(within(contact).getByLabelText("Contact Phone"));
    await user.type(within(contact).getByLabelText("Contact Email"), "bookings@nightshift.test");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(labelSaves()).toHaveLength(1));
    expect(labelSaves()[0].body).toEqual({
      labelName: "Night Shift",
      labelLogoUrl: OBJECT_PATH,
      labelContactPhone: null,
      labelContactEmail: "bookings@nightshift.test",
      labelPostalAddress: null,
      labelReturnAddress: null,
    });
  });

  it("lets an administrator set the postal and return addresses printed on packing slips", async () => {
    const user = userEvent.setup();
    setUp({ ...adminUser, labelName: "Night Shift", labelLogoUrl: OBJECT_PATH, labelPostalAddress: "1 Old Road" });
    const postal = await screen.findByRole("group", { name: "Postal address" });
    const sender = within(postal).getByLabelText("Sender address");
    expect(sender).toHaveValue("1 Old Road");
    await user.clear(sender);
    await user.type(sender, "12 Sender Street{Enter}Leeds LS1 4AP");
    await user.type(within(postal).getByLabelText("Return address"), "Returns Dock 3");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(labelSaves()).toHaveLength(1));
    expect(labelSaves()[0].body).toMatchObject({
      labelPostalAddress: "12 Sender Street\nLeeds LS1 4AP",
      labelReturnAddress: "Returns Dock 3",
    });
  });

  it("refuses a contact e-mail that is not an address beside its field, sending nothing", async () => {
    const user = userEvent.setup();
    setUp({ ...adminUser, labelName: "Night Shift", labelLogoUrl: OBJECT_PATH });
    await user.type(await screen.findByLabelText("Contact Email"), "not-an-address");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(labelSaves()).toEqual([]);
  });

  it("shows a member no contact fields and leaves the label's contact out of their save", async () => {
    const user = userEvent.setup();
    setUp({ ...memberUser, labelName: "Midnight Records", labelLogoUrl: OBJECT_PATH });
    await user.click(await screen.findByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(labelSaves()).toHaveLength(1));
    expect(screen.queryByLabelText("Contact Phone")).toBeNull();
    expect(labelSaves()[0].body).toEqual({ labelName: "Midnight Records", labelLogoUrl: OBJECT_PATH });
  });
});
