import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "@shared/users";
import { useCurrentUser } from "@/lib/auth";
import { toast } from "@/hooks/use-toast";
import { adminUser, json, memberUser, mockApi, renderPage, type Route } from "@/test/page-harness";
import { MasterCodeLine } from "./master-code-line";

vi.mock("@/hooks/use-toast", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/hooks/use-toast")>()),
  toast: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

function RoleProbe() {
  const { user } = useCurrentUser();
  return <p>role: {user?.role}</p>;
}

/** A member on a server with a master code; `masterCode` answers the attempt. */
function renderLine(masterCode: Route) {
  let current: CurrentUser = memberUser;
  const calls = mockApi({
    "GET /api/auth/user": () => current,
    "GET /api/config": () => ({ masterCodeEnabled: true, stripePublishableKey: null }),
    "POST /api/auth/master-code": async (call) => {
      const answer = await masterCode(call);
      if (!(answer instanceof Response)) current = answer as CurrentUser;
      return answer;
    },
  });
  renderPage(
    <>
      <MasterCodeLine />
      <RoleProbe />
    </>,
  );
  return calls;
}

async function submitCode(code: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Enter master code" }));
  const dialog = await screen.findByRole("dialog", { name: "Enter master code" });
  if (code) await user.type(within(dialog).getByLabelText("Master code"), code);
  await user.click(within(dialog).getByRole("button", { name: "Unlock" }));
  return { user, dialog };
}

describe("MasterCodeLine", () => {
  it("explains that an administrator grants access when no master code is configured", async () => {
    mockApi({ "GET /api/config": () => ({ masterCodeEnabled: false }) }, memberUser);
    renderPage(<MasterCodeLine />);

    expect(await screen.findByText("Master access is granted by an administrator.")).toBeInTheDocument();
    expect(screen.getByText(/Need master access\?/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Enter master code" })).not.toBeInTheDocument();
  });

  it("is hidden from administrators", async () => {
    mockApi({ "GET /api/config": () => ({ masterCodeEnabled: true }) }, adminUser);
    renderPage(
      <>
        <MasterCodeLine />
        <RoleProbe />
      </>,
    );

    expect(await screen.findByText("role: admin")).toBeInTheDocument();
    expect(screen.queryByText(/Need master access/)).not.toBeInTheDocument();
  });

  it("grants access on the right code: refreshes the current user and says so", async () => {
    const calls = renderLine(() => ({ ...memberUser, role: "admin" }));
    expect(await screen.findByText("role: user")).toBeInTheDocument();

    await submitCode("open sesame");

    expect(await screen.findByText("role: admin")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")).toEqual({
      method: "POST",
      url: "/api/auth/master-code",
      body: { code: "open sesame" },
    });
    expect(toast).toHaveBeenCalledWith({
      title: "Master access granted",
      description: "You now have administrator access.",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByText(/Need master access/)).not.toBeInTheDocument();
  });

  it("shows the server's message for a wrong code and keeps the dialog open", async () => {
    renderLine(() => json({ message: "That master code is not correct" }, 403));

    const { dialog } = await submitCode("guess");

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("That master code is not correct");
    expect(within(dialog).getByLabelText("Master code")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("role: user")).toBeInTheDocument();
    // Said once, beside the field: no error toast as well.
    expect(toast).not.toHaveBeenCalled();
  });

  it("shows a 400's message for the code beside the field", async () => {
    renderLine(() => json({ message: "Invalid body: code: Too long", fieldErrors: { code: ["Too long"] } }, 400));

    const { dialog } = await submitCode("guess");

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Too long");
    expect(within(dialog).getByLabelText("Master code")).toHaveAttribute("aria-invalid", "true");
    expect(toast).not.toHaveBeenCalled();
  });

  it("locks the form once the server says too many attempts", async () => {
    renderLine(() => json({ message: "Too many attempts. Master code entry is locked for this session." }, 429));

    const { dialog } = await submitCode("guess");

    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Too many attempts");
    expect(within(dialog).getByLabelText("Master code")).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Unlock" })).toBeDisabled();
  });

  it("asks for a code instead of sending an empty one", async () => {
    const calls = renderLine(() => ({ ...memberUser, role: "admin" }));

    const { dialog } = await submitCode("");

    expect(within(dialog).getByRole("alert")).toHaveTextContent("Enter the master code");
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });
});
