import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/hooks/use-toast";
import { json, memberUser, mockApi, renderPage } from "@/test/page-harness";
import { AdminVendorBookingsPage } from "./admin-vendor-bookings-page";

// The real toasts, counted: a failure must raise exactly one.
vi.mock("@/hooks/use-toast", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/hooks/use-toast")>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

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

  it("badges every status and offers 'Cancel booking' only for paid and pending bookings", async () => {
    mockApi({
      "GET /api/vendor-bookings": () =>
        ["paid", "pending", "failed", "expired", "cancelled", "refunded"].map((status) =>
          booking(`b-${status}`, pier, { paymentStatus: status, businessName: `Biz ${status}` }),
        ),
    });
    renderPage(<AdminVendorBookingsPage />, "/admin/vendor-bookings");
    const rows = within((await screen.findByRole("heading", { name: "Nova Reign" })).closest("section")!).getAllByRole(
      "listitem",
    );
    expect(
      rows.map((row) => within(row).getByText(/^(Paid|Pending|Failed|Expired|Cancelled|Refunded)$/).textContent),
    ).toEqual(["Paid", "Pending", "Failed", "Expired", "Cancelled", "Refunded"]);
    expect(within(rows[0]).getByRole("button", { name: "Cancel booking of Biz paid" })).toBeInTheDocument();
    expect(within(rows[1]).getByRole("button", { name: "Cancel booking of Biz pending" })).toBeInTheDocument();
    for (const row of rows.slice(2)) expect(within(row).queryByRole("button")).toBeNull();
  });

  it("cancels a paid booking after a confirmation that says it is refunded and the vendor e-mailed, with the reason", async () => {
    const user = userEvent.setup();
    let status = "paid";
    const calls = mockApi({
      "GET /api/vendor-bookings": () => [
        booking("b1", pier, { paymentStatus: status, amount: "500.00", businessName: "Rosa's Tacos" }),
      ],
      "POST /api/vendor-bookings/b1/cancel": () => {
        status = "refunded";
        return { id: "b1", paymentStatus: "refunded" };
      },
    });
    renderPage(<AdminVendorBookingsPage />, "/admin/vendor-bookings");
    await user.click(await screen.findByRole("button", { name: "Cancel booking of Rosa's Tacos" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Cancel the booking of Rosa's Tacos?" });
    expect(confirm).toHaveTextContent("$500.00 is refunded to the vendor's card");
    expect(confirm).toHaveTextContent("the vendor is e-mailed");

    // Keeping it sends nothing.
    await user.click(within(confirm).getByRole("button", { name: "Keep booking" }));
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Cancel booking of Rosa's Tacos" }));
    const again = await screen.findByRole("alertdialog");
    await user.type(within(again).getByLabelText("Reason (optional)"), "Show moved indoors");
    await user.click(within(again).getByRole("button", { name: "Cancel and refund" }));

    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST")).toEqual([
        { method: "POST", url: "/api/vendor-bookings/b1/cancel", body: { reason: "Show moved indoors" } },
      ]),
    );
    expect(await screen.findByText("Booking cancelled and refunded")).toBeInTheDocument();
    expect(await screen.findByText("Refunded")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Cancel booking of/ })).toBeNull();
  });

  it("shows the server's reason when a cancellation is refused", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/vendor-bookings": () => [booking("b1", pier, { businessName: "Rosa's Tacos" })],
      "POST /api/vendor-bookings/b1/cancel": () => json({ message: "This booking can no longer be cancelled" }, 409),
    });
    renderPage(<AdminVendorBookingsPage />, "/admin/vendor-bookings");
    await user.click(await screen.findByRole("button", { name: "Cancel booking of Rosa's Tacos" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("nothing has been charged");
    // A held booking is not e-mailed about, so there is no reason to give.
    expect(within(confirm).queryByLabelText("Reason (optional)")).toBeNull();
    await user.click(within(confirm).getByRole("button", { name: "Cancel booking" }));
    expect(await screen.findByText("This booking can no longer be cancelled")).toBeInTheDocument();
    // One toast, the query client's, in the server's words.
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Error", variant: "destructive" }));
  });

  it("groups bookings whose tour date was deleted under 'Deleted tour date'", async () => {
    mockApi({
      "GET /api/vendor-bookings": () => [
        booking("b9", pier, { tourDate: null, tourDateId: null, paymentStatus: "refunded" }),
      ],
    });
    renderPage(<AdminVendorBookingsPage />, "/admin/vendor-bookings");
    const section = (await screen.findByRole("heading", { name: "Deleted tour date" })).closest("section")!;
    expect(within(section).getByText("Vendor b9")).toBeInTheDocument();
    expect(within(section).getByText(/1 booking/)).toBeInTheDocument();
  });
});
