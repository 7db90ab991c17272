// The booking dialog and the spots left per show: counts read when the dialog opens, sold-out
// spots disabled, and a spot that sells out meanwhile (409) handled without losing the form.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { makeShow, makeVendorSlots } from "@/test/fixtures";
import { resetStripeFakes } from "@/test/stripe-fakes";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { VendorBookingPage } from "./vendor-booking-page";

vi.mock("@stripe/stripe-js/pure", async () => (await import("@/test/stripe-fakes")).fakeStripeJs);
vi.mock("@stripe/react-stripe-js", async () => (await import("@/test/stripe-fakes")).fakeReactStripe);

const SOLD_OUT = "This spot type is sold out for this show. Please choose another.";
const pier = makeShow({ id: "11111111-1111-4111-8111-111111111111", location: "Pier 9" });
const hall = makeShow({
  id: "22222222-2222-4222-8222-222222222222",
  artistName: "The Velvet Static",
  location: "Main Hall",
  date: "2031-08-01",
  startsAt: "2031-08-01T20:00:00-04:00",
});
const slotsPath = (id: string) => `/api/tour-dates/${id}/vendor-slots`;

let calls: ApiCall[];
let slots: VendorSlotAvailability[];
let createIntent: (call: ApiCall) => unknown;

beforeEach(() => {
  slots = makeVendorSlots({ standard: 3, premium: 1, deluxe: 0 });
  createIntent = () => json({ clientSecret: "pi_1_secret_x" }, 201);
  resetStripeFakes();
  calls = mockApi(
    {
      "GET /api/shows": () => [pier, hall],
      [`GET ${slotsPath(pier.id)}`]: () => slots,
      [`GET ${slotsPath(hall.id)}`]: () => makeVendorSlots(),
      "GET /api/config": () => ({ stripePublishableKey: "pk_test_123" }),
      "POST /api/vendor-bookings/payment-intent": (call) => createIntent(call),
    },
    null,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const slotReads = (id: string) => calls.filter((call) => call.url === slotsPath(id)).length;

async function openFor(artist: string) {
  const user = userEvent.setup();
  renderPage(<VendorBookingPage />, "/vendor-booking");
  const card = (await screen.findByRole("heading", { name: artist })).closest("li")!;
  await user.click(within(card).getByRole("button", { name: "Book Vendor Slot" }));
  return { user, dialog: await screen.findByRole("dialog", { name: "Book Vendor Slot" }) };
}

async function fillVendorInfo(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText("Vendor Name"), "Rosa Diaz");
  await user.type(within(dialog).getByLabelText("Email"), "rosa@tacos.test");
  await user.type(within(dialog).getByLabelText("Phone"), "555 0100");
  await user.type(within(dialog).getByLabelText("Business Name"), "Rosa's Tacos");
  await user.type(within(dialog).getByLabelText("Food Type"), "Mexican");
}

describe("vendor booking page: shows and their dialog", () => {
  it("links each card to its show page besides 'Book Vendor Slot'", async () => {
    renderPage(<VendorBookingPage />, "/vendor-booking");
    const card = (await screen.findByRole("heading", { name: "The Velvet Static" })).closest("li")!;
    expect(within(card).getByRole("link", { name: "Show details" })).toHaveAttribute("href", `/shows/${hall.id}`);
    expect(within(card).getByRole("button", { name: "Book Vendor Slot" })).toBeInTheDocument();
  });

  it("opens the booking dialog of the show named in ?show=, and forgets it once closed", async () => {
    const user = userEvent.setup();
    renderPage(<VendorBookingPage />, `/vendor-booking?show=${hall.id}`);
    const dialog = await screen.findByRole("dialog", { name: "Book Vendor Slot" });
    expect(
      within(dialog).getByText(/The Velvet Static · Fri, Aug 1, 2031 at 8:00 PM EDT · Main Hall/),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("reads the counts each time it opens, says what is left and disables a sold-out spot", async () => {
    const { user, dialog } = await openFor("Nova Reign");
    const deluxe = await within(dialog).findByRole("radio", { name: /Deluxe Spot.*Sold out/ });
    expect(deluxe).toBeDisabled();
    expect(within(dialog).getByRole("radio", { name: /Standard Spot.*\$150\.00.*3 left/ })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /Premium Spot.*\$300\.00.*1 left/ })).toBeEnabled();
    expect(within(dialog).getByText("Sold-out spots cannot be booked for this show.")).toBeInTheDocument();
    expect(slotReads(pier.id)).toBe(1);

    // Someone else books meanwhile: the next opening reads the counts again.
    slots = makeVendorSlots({ standard: 2, premium: 1, deluxe: 0 });
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(within(screen.getByRole("heading", { name: "Nova Reign" }).closest("li")!).getByRole("button"));
    const again = await screen.findByRole("dialog", { name: "Book Vendor Slot" });
    expect(await within(again).findByRole("radio", { name: /Standard Spot.*2 left/ })).toBeChecked();
    expect(slotReads(pier.id)).toBe(2);
  });

  it("chooses the first spot with room when Standard is sold out, and says when nothing is left", async () => {
    slots = makeVendorSlots({ standard: 0, premium: 4, deluxe: 2 });
    const { user, dialog } = await openFor("Nova Reign");
    expect(await within(dialog).findByRole("radio", { name: /Premium Spot.*4 left/ })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /Standard Spot.*Sold out/ })).toBeDisabled();

    slots = makeVendorSlots({ standard: 0, premium: 0, deluxe: 0 });
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await user.click(within(screen.getByRole("heading", { name: "Nova Reign" }).closest("li")!).getByRole("button"));
    const full = await screen.findByRole("dialog", { name: "Book Vendor Slot" });
    expect(await within(full).findByText("Every vendor spot for this show is sold out.")).toBeInTheDocument();
    for (const radio of within(full).getAllByRole("radio")) expect(radio).toBeDisabled();
    expect(within(full).getByRole("button", { name: "Continue" })).toBeDisabled();
  });

  it("on a 409 shows the server's message, reads the counts again and lets the vendor pick another spot, keeping what they typed", async () => {
    createIntent = ({ body }) => {
      const { vendorBookingData } = body as { vendorBookingData: { spotType: string } };
      if (vendorBookingData.spotType === "premium") {
        slots = makeVendorSlots({ standard: 3, premium: 0, deluxe: 0 });
        return json({ message: SOLD_OUT }, 409);
      }
      return json({ clientSecret: "pi_1_secret_x" }, 201);
    };
    const { user, dialog } = await openFor("Nova Reign");
    await user.click(await within(dialog).findByRole("radio", { name: /Premium Spot.*1 left/ }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await fillVendorInfo(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Continue to Payment" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(SOLD_OUT);
    expect(within(dialog).getByText("Step 1 of 3: Choose a spot")).toBeInTheDocument();
    expect(await within(dialog).findByRole("radio", { name: /Premium Spot.*Sold out/ })).toBeDisabled();
    expect(slotReads(pier.id)).toBeGreaterThanOrEqual(2);
    // Nothing is chosen for them: the price would change.
    for (const radio of within(dialog).getAllByRole("radio")) expect(radio).not.toBeChecked();
    expect(within(dialog).getByRole("button", { name: "Continue" })).toBeDisabled();

    await user.click(within(dialog).getByRole("radio", { name: /Standard Spot.*3 left/ }));
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByLabelText("Vendor Name")).toHaveValue("Rosa Diaz");
    expect(within(dialog).getByLabelText("Food Type")).toHaveValue("Mexican");
    await user.click(within(dialog).getByRole("button", { name: "Continue to Payment" }));

    expect(await within(dialog).findByTestId("stripe-elements")).toHaveAttribute("data-client-secret", "pi_1_secret_x");
    const intents = calls.filter((call) => call.url === "/api/vendor-bookings/payment-intent");
    expect(intents.map((call) => (call.body as { amount: number }).amount)).toEqual([300, 150]);
  });
});
