import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { BookingCalendar } from "./booking-calendar";

describe("BookingCalendar", () => {
  it("shows a month header with 31 days, even when the current month is shorter", () => {
    render(<BookingCalendar today={new Date(2027, 1, 10)} />);
    expect(screen.getByRole("heading", { name: "March 2027" })).toBeInTheDocument();
    const days = within(screen.getByRole("group", { name: "Days of March 2027" })).getAllByRole("button");
    expect(days.map((d) => d.textContent)).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)));
  });

  it("heads the days with weekday initials and puts day 1 under its own weekday", () => {
    // March 2027 begins on a Monday, August 2027 on a Sunday.
    const { unmount } = render(<BookingCalendar today={new Date(2027, 2, 5)} />);
    expect(screen.getByTestId("weekday-header").textContent).toBe("SMTWTFS");
    const march = within(screen.getByRole("group", { name: "Days of March 2027" })).getAllByRole("button");
    expect(march[0]).toHaveAccessibleName("Monday, March 1");
    expect(march[0].style.gridColumnStart).toBe("2");
    expect(march[30]).toHaveAccessibleName("Wednesday, March 31");
    expect(march.slice(1).every((d) => d.style.gridColumnStart === "")).toBe(true);
    unmount();

    render(<BookingCalendar today={new Date(2027, 7, 1)} />);
    const august = within(screen.getByRole("group", { name: "Days of August 2027" })).getAllByRole("button");
    expect(august[0]).toHaveAccessibleName("Sunday, August 1");
    expect(august[0].style.gridColumnStart).toBe("1");
  });

  it("has six time slots, the unavailable ones disabled", () => {
    render(<BookingCalendar today={new Date(2027, 0, 1)} />);
    const slots = within(screen.getByRole("group", { name: "Time slots" })).getAllByRole("button");
    expect(slots).toHaveLength(6);
    const disabled = slots.filter((s) => s.hasAttribute("disabled"));
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled.length).toBeLessThan(6);
    expect(screen.getByRole("button", { name: "12:00 PM (unavailable)" })).toBeDisabled();
  });

  it("selects one day and one available slot at a time, and ignores unavailable ones", async () => {
    const user = userEvent.setup();
    render(<BookingCalendar today={new Date(2027, 0, 1)} />);
    const ten = screen.getByRole("button", { name: "10:00 AM" });
    const two = screen.getByRole("button", { name: "2:00 PM" });
    const noon = screen.getByRole("button", { name: "12:00 PM (unavailable)" });

    await user.click(screen.getByRole("button", { name: "Thursday, January 14" }));
    await user.click(ten);
    expect(ten).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Thursday, January 14" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("status")).toHaveTextContent("Selected: January 14 at 10:00 AM");

    await user.click(two);
    expect(two).toHaveAttribute("aria-pressed", "true");
    expect(ten).toHaveAttribute("aria-pressed", "false");

    await user.click(noon);
    expect(noon).toHaveAttribute("aria-pressed", "false");
    expect(two).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: "Sunday, January 3" }));
    expect(screen.getByRole("button", { name: "Thursday, January 14" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("status")).toHaveTextContent("Selected: January 3 at 2:00 PM");
  });
});
