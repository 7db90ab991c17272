import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { dismissToast, toast } from "@/hooks/use-toast";
import { TOAST_DURATION, TOAST_REMOVE_DELAY } from "@shared/constants";

// Radix also announces toasts in a hidden live region, so query inside the viewport list.
function visibleToasts() {
  const viewport = screen.getByRole("region", { name: /notifications/i });
  return within(viewport).queryAllByRole("listitem");
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // The toast store is module-wide; empty it so tests stay independent.
  act(() => {
    dismissToast();
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
  });
  vi.useRealTimers();
});

describe("Toaster", () => {
  it("shows a toast's title and description", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Success", description: "Tour date created successfully" });
    });

    const [item] = visibleToasts();
    expect(within(item).getByText("Success")).toBeInTheDocument();
    expect(within(item).getByText("Tour date created successfully")).toBeInTheDocument();
  });

  it("shows at most one toast: a new one replaces the previous", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "First" });
    });
    act(() => {
      toast({ title: "Second" });
    });

    const items = visibleToasts();
    expect(items).toHaveLength(1);
    expect(within(items[0]).getByText("Second")).toBeInTheDocument();
    expect(within(items[0]).queryByText("First")).not.toBeInTheDocument();
  });

  it("hides a toast after 5000 ms", () => {
    expect(TOAST_DURATION).toBe(5000);
    render(<Toaster />);
    act(() => {
      toast({ title: "Payment Processing", description: "Payment is being processed. Please wait..." });
    });
    expect(visibleToasts()).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(visibleToasts()).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(visibleToasts()).toHaveLength(0);
  });

  it("renders the destructive variant", () => {
    render(<Toaster />);
    act(() => {
      toast({ variant: "destructive", title: "Upload failed", description: "Upload failed" });
    });

    const [item] = visibleToasts();
    expect(item).toHaveAttribute("data-variant", "destructive");
    expect(item).toHaveClass("bg-destructive");
  });

  it("closes from its close button", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Success" });
    });

    const [item] = visibleToasts();
    act(() => {
      within(item).getByRole("button", { name: "Close notification" }).click();
    });
    expect(visibleToasts()).toHaveLength(0);
  });
});
