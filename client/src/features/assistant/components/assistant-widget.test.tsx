import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AssistantWidget } from "./assistant-widget";

class FakeUtterance {
  constructor(readonly text: string) {}
}

let speech: { speak: ReturnType<typeof vi.fn>; cancel: ReturnType<typeof vi.fn> };

beforeEach(() => {
  speech = { speak: vi.fn(), cancel: vi.fn() };
  vi.stubGlobal("speechSynthesis", speech);
  vi.stubGlobal("SpeechSynthesisUtterance", FakeUtterance);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const at =
  (hours: number, minutes = 0) =>
  () =>
    new Date(2026, 4, 1, hours, minutes);

describe("AssistantWidget", () => {
  it.each([
    [at(9), "Grand Rising"],
    [at(12), "Good Afternoon"],
    [at(17), "Good Evening"],
  ])("greets by the time of day and asks how to help, aloud", async (now, greeting) => {
    const user = userEvent.setup();
    render(<AssistantWidget now={now} />);

    await user.click(screen.getByRole("button", { name: "Open AI assistant" }));

    const card = screen.getByRole("dialog", { name: "AI Assistant" });
    expect(card).toHaveTextContent(greeting);
    expect(card).toHaveTextContent("How can we rock you today?");
    expect(speech.speak).toHaveBeenCalledTimes(1);
    expect(speech.speak.mock.calls[0][0].text).toBe(`${greeting}! How can we rock you today?`);
  });

  it("stops speaking when the card is closed", async () => {
    const user = userEvent.setup();
    render(<AssistantWidget now={at(8)} />);
    await user.click(screen.getByRole("button", { name: "Open AI assistant" }));
    speech.cancel.mockClear();

    await user.click(screen.getByRole("button", { name: "Close assistant" }));

    expect(speech.cancel).toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open AI assistant" })).toHaveFocus();
  });

  it("closes with Escape, cancelling speech", async () => {
    const user = userEvent.setup();
    render(<AssistantWidget now={at(8)} />);
    await user.click(screen.getByRole("button", { name: "Open AI assistant" }));
    speech.cancel.mockClear();

    await user.keyboard("{Escape}");

    expect(speech.cancel).toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("still shows the greeting where the browser cannot speak", async () => {
    vi.stubGlobal("speechSynthesis", undefined);
    const user = userEvent.setup();
    render(<AssistantWidget now={at(20)} />);

    await user.click(screen.getByRole("button", { name: "Open AI assistant" }));

    expect(screen.getByRole("dialog")).toHaveTextContent("Good Evening");
    expect(screen.queryByRole("button", { name: "Say it again" })).not.toBeInTheDocument();
  });
});
