import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { calendarSubscribeUrl, TourDatesSection, type TourDateView } from "./tour-dates-section";

const DATES: TourDateView[] = [
  {
    id: "t1",
    artistName: "Nova Reign",
    location: "Riverside Amphitheater, Austin, TX",
    day: "Sat, Dec 12, 2026",
    time: "8:00 PM",
    href: "/shows/t1",
  },
  {
    id: "t2",
    artistName: "The Velvet Static",
    location: "Warehouse 9, Brooklyn, NY",
    day: "Sat, Jan 16, 2027",
    time: "9:00 PM",
    href: "/shows/t2",
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

  it("links each date to its show page; the TBA placeholders link nowhere", () => {
    const { rerender } = render(<TourDatesSection dates={DATES} status="success" />);
    const rows = screen.getAllByRole("listitem");
    const link = within(rows[0]).getByRole("link", { name: "Nova Reign" });
    expect(link).toHaveAttribute("href", "/shows/t1");
    // The link is described by the row's location, date and time, so two shows of one artist differ.
    expect(link).toHaveAccessibleDescription(/Riverside Amphitheater, Austin, TX/);
    expect(within(rows[1]).getByRole("link", { name: "The Velvet Static" })).toHaveAttribute("href", "/shows/t2");

    rerender(<TourDatesSection dates={[]} status="success" />);
    for (const row of screen.getAllByRole("listitem")) expect(within(row).queryByRole("link")).toBeNull();
  });

  it("offers the calendar feed: subscribe with webcal:// on this host, or download the .ics", () => {
    render(<TourDatesSection dates={DATES} status="success" />);
    expect(screen.getByRole("link", { name: "Subscribe to calendar" })).toHaveAttribute(
      "href",
      `webcal://${window.location.host}/api/shows.ics`,
    );
    const download = screen.getByRole("link", { name: "Download .ics" });
    expect(download).toHaveAttribute("href", "/api/shows.ics");
    expect(download).toHaveAttribute("download");
    expect(calendarSubscribeUrl({ host: "labelrecords.example:8443" })).toBe(
      "webcal://labelrecords.example:8443/api/shows.ics",
    );
  });
});
