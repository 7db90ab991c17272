import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatusBadge, statusLabel } from "./status-badge";

describe("statusLabel", () => {
  it.each([
    ["on-sale", "On sale"],
    ["sold-out", "Sold out"],
    ["upcoming", "Upcoming"],
    ["under-review", "Under review"],
    ["paid", "Paid"],
    ["overdue", "Overdue"],
    ["", ""],
  ])("reads %j as %j", (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
});

describe("StatusBadge", () => {
  it("shows the readable label in the chosen variant and keeps the raw status as data", () => {
    render(<StatusBadge status="sold-out" variant="destructive" />);
    const badge = screen.getByText("Sold out");
    expect(badge).toHaveClass("bg-destructive");
    expect(badge).toHaveAttribute("data-status", "sold-out");
    expect(badge).not.toHaveClass("capitalize");
  });
});
