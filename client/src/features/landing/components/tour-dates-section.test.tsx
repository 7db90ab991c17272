import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TourDatesSection, type TourDateView } from "./tour-dates-section";

const DATES: TourDateView[] = [
  {
    id: "t1",
    artistName: "Nova Reign",
    location: "Riverside Amphitheater, Austin, TX",
    day: "Sat, Dec 12, 2026",
    time: "8:00 PM",
  },
  {
    id: "t2",
    artistName: "The Velvet Static",
    location: "Warehouse 9, Brooklyn, NY",
    day: "Sat, Jan 16, 2027",
    time: "9:00 PM",
  },
];

describe("TourDatesSection", () => {
  it("lists each date with artist, location, date and time", () => {
    render(<TourDatesSection dates={DATES} status="success" />);
    const section = screen.getByRole("region", { name: "Artist Tour Dates" });
    const rows = within(section).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole("heading", { level: 3 })).toHaveTextContent("Nova Reign");
    expect(rows[0]).toHaveTextContent("Riverside Amphitheater, Austin, TX");
    expect(rows[0]).toHaveTextContent("Date: Sat, Dec 12, 2026");
    expect(rows[0]).toHaveTextContent("Time: 8:00 PM");
    expect(rows[1]).toHaveTextContent("The Velvet Static");
    expect(screen.queryByText("TBA")).not.toBeInTheDocument();
  });

  it("shows TBA placeholders for date, time, location and artist when none are scheduled", () => {
    render(<TourDatesSection dates={[]} status="success" />);
    const rows = screen.getAllByRole("listitem");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toHaveTextContent("Artist: TBA");
      expect(row).toHaveTextContent("Location: TBA");
      expect(row).toHaveTextContent("Date: TBA");
      expect(row).toHaveTextContent("Time: TBA");
    }
  });

  it("announces loading, and says so plainly when the dates cannot be loaded", () => {
    const { rerender } = render(<TourDatesSection dates={undefined} status="pending" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading tour dates");
    rerender(<TourDatesSection dates={undefined} status="error" />);
    expect(screen.getByRole("alert")).toHaveTextContent("Tour dates could not be loaded");
    expect(screen.queryByText("TBA")).not.toBeInTheDocument();
  });
});
