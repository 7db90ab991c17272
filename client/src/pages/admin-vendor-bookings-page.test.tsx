import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memberUser, mockApi, renderPage } from "@/test/page-harness";
import { AdminVendorBookingsPage } from "./admin-vendor-bookings-page";

const pier = { id: "t1", artistName: "Nova Reign", date: "2030-05-04", time: "20:00", location: "Pier 9" };
const hall = { id: "t2", artistName: "The Listers", date: "2030-06-01", time: "19:30", location: "Main Hall" };

function booking(id: string, tourDate: typeof pier, overrides: Record<string, unknown> = {}) {
  return {
    id,
    tourDateId: tourDate.id,
    tourDate,
    vendorName: `Vendor ${id}`,
    vendorEmail: `${id}@food.test`,
    vendorPhone: "555 0100",
    businessName: `Business ${id}`,
    foodType: "Tacos",
    spotType: "standard",
    amount: "150.00",
    paymentStatus: "pending",
    paymentIntentId: `pi_${id}`,
    createdAt: "2030-01-01T00:00:00.000Z",
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("Vendor Bookings management page", () => {
  it("groups bookings per tour date with spot, vendor, contact, amount and payment status", async () => {
    mockApi({
      "GET /api/vendor-bookings": () => [
        booking("b3", pier, { spotType: "deluxe", amount: "500.00", paymentStatus: "paid" }),
        booking("b2", hall, { paymentStatus: "failed" }),
        booking("b1", pier),
      ],
    });
    renderPage(<AdminVendorBookingsPage />, "/admin/vendor-bookings");

    const pierSection = (await screen.findByRole("heading", { name: "Nova Reign" })).closest("section")!;
    expect(within(pierSection).getByText(/Sat, May 4, 2030 · 8:00 PM · Pier 9 · 2 bookings/)).toBeInTheDocument();
    const rows = within(pierSection).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText("Vendor b3")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Deluxe Spot")).toBeInTheDocument();
    expect(within(rows[0]).getByText("$500.00")).toBeInTheDocument();
    expect(within(rows[0]).getByText("Paid")).toBeInTheDocument();
    expect(within(rows[0]).getByRole("link", { name: "b3@food.test" })).toHaveAttribute("href", "mailto:b3@food.test");
    expect(within(rows[0]).getByRole("link", { name: "555 0100" })).toHaveAttribute("href", "tel:555 0100");
    expect(within(rows[1]).getByText("Pending")).toBeInTheDocument();

    const hallSection = screen.getByRole("heading", { name: "The Listers" }).closest("section")!;
    expect(within(hallSection).getByText("Failed")).toBeInTheDocument();
  });

  it("says when there are no bookings yet", async () => {
    mockApi({ "GET /api/vendor-bookings": () => [] });
    renderPage(<AdminVendorBookingsPage />, "/admin/vendor-bookings");
    expect(await screen.findByText(/No vendor bookings yet/)).toBeInTheDocument();
  });

  it("is for administrators only", async () => {
    const calls = mockApi({ "GET /api/vendor-bookings": () => [] }, memberUser);
    renderPage(<AdminVendorBookingsPage />, "/admin/vendor-bookings");
    expect(await screen.findByRole("heading", { name: "Administrator access required" })).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/vendor-bookings")).toBe(false);
  });
});
