import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetStripeFakes, stripeFakes } from "@/test/stripe-fakes";
import type { VendorSlotAvailability } from "@shared/vendor-slots";
import { PAYMENT_UNAVAILABLE_MESSAGE } from "@shared/constants";
import { makeShow, makeVendorSlots } from "@/test/fixtures";
import { toast } from "@/hooks/use-toast";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { VendorBookingPage } from "./vendor-booking-page";

// The real toasts, counted: a failure must raise exactly one.
vi.mock("@/hooks/use-toast", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/hooks/use-toast")>();
  return { ...actual, toast: vi.fn(actual.toast) };
});

vi.mock("@stripe/stripe-js/pure", async () => (await import("@/test/stripe-fakes")).fakeStripeJs);
vi.mock("@stripe/react-stripe-js", async () => (await import("@/test/stripe-fakes")).fakeReactStripe);

const show = makeShow({
  id: "11111111-1111-4111-8111-111111111111",
  date: "2030-05-04",
  location: "Pier 9",
  startsAt: "2030-05-04T20:00:00-04:00",
});
const slotsPath = `/api/tour-dates/${show.id}/vendor-slots`;

let publishableKey: string | null;
let calls: ApiCall[];
let createIntent: (call: ApiCall) => unknown;
let slots: () => VendorSlotAvailability[];

beforeEach(() => {
  publishableKey = "pk_test_123";
  createIntent = () => json({ clientSecret: "pi_123_secret_abc" }, 201);
  slots = () => makeVendorSlots();
  resetStripeFakes();
  calls = mockApi(
    {
      "GET /api/shows": () => [show],
      [`GET ${slotsPath}`]: () => slots(),
      "GET /api/config": () => ({ stripePublishableKey: publishableKey }),
      "POST /api/vendor-bookings/payment-intent": (call) => createIntent(call),
      "POST /api/vendor-bookings/complete": ({ body }) => ({
        id: "b1",
        paymentStatus: "paid",
        ...(body as object),
      }),
    },
    null,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
  window.history.replaceState(null, "", "/");
});

const posts = (url: string) => calls.filter((c) => c.method === "POST" && c.url === url);

async function openDialog() {
  const user = userEvent.setup();
  renderPage(<VendorBookingPage />, "/vendor-booking");
  await user.click(await screen.findByRole("button", { name: "Book Vendor Slot" }));
  const dialog = await screen.findByRole("dialog", { name: "Book Vendor Slot" });
  return { user, dialog };
}

async function fillVendorInfo(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText("Vendor Name"), "Rosa Diaz");
  await user.type(within(dialog).getByLabelText("Email"), "rosa@tacos.test");
  await user.type(within(dialog).getByLabelText("Phone"), "555 0100");
  await user.type(within(dialog).getByLabelText("Business Name"), "Rosa's Tacos");
  await user.type(within(dialog).getByLabelText("Food Type"), "Mexican");
}

async function reachPayment(spot: RegExp = /Standard Spot/) {
  const { user, dialog } = await openDialog();
  await user.click(within(dialog).getByRole("radio", { name: spot }));
  await user.click(within(dialog).getByRole("button", { name: "Continue" }));
  await fillVendorInfo(user, dialog);
  await user.click(within(dialog).getByRole("button", { name: "Continue to Payment" }));
  return { user, dialog };
}

describe("Food Vendor Event Slots page", () => {
  it("shows a card per tour date with artist, date, time and location", async () => {
    renderPage(<VendorBookingPage />, "/vendor-booking");
    expect(await screen.findByRole("heading", { level: 1, name: "Food Vendor Event Slots" })).toBeInTheDocument();
    const card = (await screen.findByRole("heading", { name: "Nova Reign" })).closest("li")!;
    expect(within(card).getByText("Sat, May 4, 2030")).toBeInTheDocument();
    // The venue's clock, with its zone's short name.
    expect(within(card).getByText("8:00 PM EDT")).toBeInTheDocument();
    expect(within(card).getByText("Pier 9")).toBeInTheDocument();
  });

  it("shows on each card the vendor spots left of each type, read for every card in one call", async () => {
    const other = makeShow({ id: "22222222-2222-4222-8222-222222222222", artistName: "The Velvet Static" });
    const batch = `GET /api/tour-dates/vendor-slots?ids=${show.id}%2C${other.id}`;
    calls = mockApi(
      {
        "GET /api/shows": () => [show, other],
        [batch]: () => ({
          [show.id]: makeVendorSlots({ standard: 3, premium: 1, deluxe: 0 }),
          [other.id]: makeVendorSlots(),
        }),
      },
      null,
    );
    renderPage(<VendorBookingPage />, "/vendor-booking");
    const card = (await screen.findByRole("heading", { name: "Nova Reign" })).closest("li")!;
    const left = (await within(card).findByText("Vendor spots left")).nextElementSibling as HTMLElement;
    expect(
      within(left)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Standard", "Premium", "Deluxe"]);
    expect(
      within(left)
        .getAllByRole("definition")
        .map((count) => count.textContent),
    ).toEqual(["3 left", "1 left", "Sold out"]);
    const otherCard = screen.getByRole("heading", { name: "The Velvet Static" }).closest("li")!;
    expect(within(otherCard).getAllByText("10 left")).toHaveLength(3);
    expect(calls.filter((call) => call.url.includes("vendor-slots"))).toHaveLength(1);
  });

  it("has a header with the way home and a Log In that comes back to this page", async () => {
    renderPage(<VendorBookingPage />, "/vendor-booking");
    const header = screen.getByRole("banner");
    expect(within(header).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(within(header).getByRole("link", { name: "Label Records home" })).toHaveAttribute("href", "/");
    expect(within(header).getByRole("link", { name: "Log In" })).toHaveAttribute(
      "href",
      "/api/login?returnTo=%2Fvendor-booking",
    );
  });

  it("says so when there are no events", async () => {
    mockApi({ "GET /api/shows": () => [] }, null);
    renderPage(<VendorBookingPage />, "/vendor-booking");
    expect(await screen.findByText("No upcoming events available for booking at this time.")).toBeInTheDocument();
  });
});

describe("vendor booking dialog", () => {
  it("starts on spot selection with the three spots and Standard preselected; arrow keys change the spot", async () => {
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText("Step 1 of 3: Choose a spot")).toBeInTheDocument();
    const standard = within(dialog).getByRole("radio", { name: /Standard Spot.*Basic access.*\$150\.00/ });
    expect(within(dialog).getByRole("radio", { name: /Premium Spot.*Better visibility.*\$300\.00/ })).not.toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /Deluxe Spot.*Maximum exposure.*\$500\.00/ })).not.toBeChecked();
    expect(standard).toBeChecked();

    standard.focus();
    await user.keyboard("{ArrowDown}");
    expect(within(dialog).getByRole("radio", { name: /Premium Spot/ })).toBeChecked();
  });

  it("validates the vendor information with the shared schema's messages and types the inputs", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(within(dialog).getByLabelText("Phone")).toHaveAttribute("type", "tel");

    await user.type(within(dialog).getByLabelText("Email"), "not-an-email");
    await user.click(within(dialog).getByRole("button", { name: "Continue to Payment" }));
    expect(await within(dialog).findAllByText("Required")).toHaveLength(4);
    expect(within(dialog).getByText(/Invalid email/i)).toBeInTheDocument();
    expect(posts("/api/vendor-bookings/payment-intent")).toHaveLength(0);
  });

  it("Back returns to spot selection keeping the chosen spot and typed values", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("radio", { name: /Deluxe Spot/ }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await user.type(within(dialog).getByLabelText("Vendor Name"), "Rosa Diaz");
    await user.click(within(dialog).getByRole("button", { name: "Back" }));

    expect(within(dialog).getByText("Step 1 of 3: Choose a spot")).toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: /Deluxe Spot/ })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByLabelText("Vendor Name")).toHaveValue("Rosa Diaz");
  });

  it("closing resets to spot selection with an empty form", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("radio", { name: /Premium Spot/ }));
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    await user.type(within(dialog).getByLabelText("Vendor Name"), "Rosa Diaz");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Book Vendor Slot" }));
    const again = await screen.findByRole("dialog", { name: "Book Vendor Slot" });
    expect(within(again).getByRole("radio", { name: /Standard Spot/ })).toBeChecked();
    await user.click(within(again).getByRole("button", { name: "Continue" }));
    expect(within(again).getByLabelText("Vendor Name")).toHaveValue("");
  });

  it("without Stripe keys shows the fallback and the 'Payment Not Available' toast, and creates nothing", async () => {
    publishableKey = null;
    const { dialog } = await reachPayment();
    expect(
      await within(dialog).findByText("Payment processing is not available at this time. Please contact support."),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Step 3 of 3: Payment")).toBeInTheDocument();
    expect(await screen.findByText("Payment Not Available")).toBeInTheDocument();
    expect(screen.getByText("Payment processing is not configured. Please contact support.")).toBeInTheDocument();
    expect(posts("/api/vendor-bookings/payment-intent")).toHaveLength(0);
    expect(stripeFakes.loadStripe).not.toHaveBeenCalled();
  });

  it("without Stripe keys gives the label's phone and e-mail below the fallback, and Back keeps what was typed", async () => {
    publishableKey = null;
    calls = mockApi(
      {
        "GET /api/shows": () => [show],
        [`GET ${slotsPath}`]: () => slots(),
        "GET /api/config": () => ({ stripePublishableKey: null }),
        "GET /api/label/contact": () => ({ phone: "+1 (312) 555-0142", email: "bookings@nightshift.test" }),
      },
      null,
    );
    const { user, dialog } = await reachPayment();
    const notice = (await within(dialog).findByText(PAYMENT_UNAVAILABLE_MESSAGE)).parentElement!;
    const phone = await within(notice).findByRole("link", { name: "+1 (312) 555-0142" });
    expect(phone).toHaveAttribute("href", "tel:+13125550142");
    expect(within(notice).getByRole("link", { name: "bookings@nightshift.test" })).toHaveAttribute(
      "href",
      "mailto:bookings@nightshift.test",
    );
    // The links follow the sentence.
    const sentence = within(notice).getByText(PAYMENT_UNAVAILABLE_MESSAGE);
    expect(sentence.compareDocumentPosition(phone) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(within(dialog).getByRole("button", { name: "Back" }));
    expect(within(dialog).getByText("Step 2 of 3: Vendor information")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Vendor Name")).toHaveValue("Rosa Diaz");
    expect(within(dialog).getByLabelText("Food Type")).toHaveValue("Mexican");
    expect(posts("/api/vendor-bookings/payment-intent")).toHaveLength(0);
  });

  it("creates the intent with the spot price, pays, completes, toasts and resets", async () => {
    const { user, dialog } = await reachPayment(/Premium Spot/);
    const elements = await within(dialog).findByTestId("stripe-elements");
    expect(elements).toHaveAttribute("data-client-secret", "pi_123_secret_abc");
    expect(stripeFakes.loadStripe).toHaveBeenCalledWith("pk_test_123");
    expect(posts("/api/vendor-bookings/payment-intent")[0].body).toEqual({
      amount: 300,
      vendorBookingData: {
        tourDateId: show.id,
        spotType: "premium",
        amount: 300,
        vendorName: "Rosa Diaz",
        vendorEmail: "rosa@tacos.test",
        vendorPhone: "555 0100",
        businessName: "Rosa's Tacos",
        foodType: "Mexican",
      },
    });

    stripeFakes.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: "pi_123", status: "succeeded" } });
    await user.click(within(dialog).getByRole("button", { name: "Pay $300.00" }));
    expect(await screen.findByText("Payment Successful!")).toBeInTheDocument();
    expect(screen.getByText("Your vendor spot has been booked successfully!")).toBeInTheDocument();
    expect(stripeFakes.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({
        confirmParams: { return_url: `${window.location.origin}/vendor-booking` },
        redirect: "if_required",
      }),
    );
    expect(posts("/api/vendor-bookings/complete")[0].body).toMatchObject({
      paymentIntentId: "pi_123",
      vendorBookingData: { spotType: "premium" },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it.each([
    [
      { error: { type: "card_error", message: "Your card was declined." } },
      "Payment Failed",
      "Your card was declined.",
    ],
    [
      { error: { type: "validation_error", message: "Your card number is incomplete." } },
      "Validation Error",
      "Your card number is incomplete.",
    ],
    [
      { paymentIntent: { id: "pi_123", status: "processing" } },
      "Payment Processing",
      "Payment is being processed. Please wait...",
    ],
    [{ error: { type: "api_error" } }, "Error", "An error occurred"],
  ])("maps a confirmation result to its toast and keeps the form (%#)", async (result, title, text) => {
    const { user, dialog } = await reachPayment();
    await within(dialog).findByTestId("stripe-elements");
    stripeFakes.confirmPayment.mockResolvedValueOnce(result);
    await user.click(within(dialog).getByRole("button", { name: "Pay $150.00" }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(posts("/api/vendor-bookings/complete")).toHaveLength(0);
    expect(within(dialog).getByRole("button", { name: "Pay $150.00" })).toBeEnabled();
  });

  it("stays on vendor information with an 'Error' toast when the intent cannot be created", async () => {
    createIntent = () => json({ message: "Tour date not found" }, 404);
    const { dialog } = await reachPayment();
    expect(await screen.findByText("Tour date not found")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByText("Step 2 of 3: Vendor information")).toBeInTheDocument();
  });

  it("shows a refused spot's message beside the spots, back on step 1 with what was typed kept, and one toast", async () => {
    createIntent = () =>
      json(
        {
          message: "Invalid body: vendorBookingData.spotType: This spot type is no longer offered",
          fieldErrors: { "vendorBookingData.spotType": ["This spot type is no longer offered"] },
        },
        400,
      );
    const { user, dialog } = await reachPayment(/Deluxe Spot/);

    const deluxe = within(dialog).getByRole("radio", { name: /Deluxe Spot/ });
    expect(await within(dialog).findByText("This spot type is no longer offered")).toBeInTheDocument();
    expect(within(dialog).getByText("Step 1 of 3: Choose a spot")).toBeInTheDocument();
    expect(within(dialog).getByRole("group", { name: "Choose your spot" })).toHaveAccessibleDescription(
      "This spot type is no longer offered",
    );
    expect(deluxe).toBeChecked();
    expect(deluxe).toHaveFocus();
    expect(toast).toHaveBeenCalledTimes(1);

    // Choosing another spot clears the message; the details typed are still there.
    await user.click(within(dialog).getByRole("radio", { name: /Standard Spot/ }));
    expect(within(dialog).queryByText("This spot type is no longer offered")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(within(dialog).getByLabelText("Vendor Name")).toHaveValue("Rosa Diaz");
  });

  it("shows refused vendor details beside their fields, staying on step 2", async () => {
    createIntent = () =>
      json(
        {
          message: "Invalid body: vendorBookingData.vendorEmail: This address cannot receive mail",
          fieldErrors: { "vendorBookingData.vendorEmail": ["This address cannot receive mail"] },
        },
        400,
      );
    const { dialog } = await reachPayment();

    const email = within(dialog).getByLabelText("Email");
    await waitFor(() => expect(email).toHaveAccessibleDescription("This address cannot receive mail"));
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveFocus();
    expect(within(dialog).getByText("Step 2 of 3: Vendor information")).toBeInTheDocument();
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it("says plainly that the card form could not load when Stripe.js is blocked", async () => {
    stripeFakes.loadStripe.mockRejectedValue(new Error("Failed to load Stripe.js"));
    const { dialog } = await reachPayment();
    expect(
      await within(dialog).findByText(
        "The card form could not load. Check your connection or disable blockers, then try again.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Nothing has been charged.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("returning from a payment redirect", () => {
  it("completes the booking, toasts success and cleans the URL", async () => {
    window.history.replaceState(
      null,
      "",
      "/vendor-booking?payment_intent=pi_back&payment_intent_client_secret=pi_back_secret_x&redirect_status=succeeded",
    );
    renderPage(<VendorBookingPage />, "/vendor-booking");
    expect(await screen.findByText("Payment Successful!")).toBeInTheDocument();
    expect(posts("/api/vendor-bookings/complete")[0].body).toEqual({ paymentIntentId: "pi_back" });
    expect(window.location.search).toBe("");
  });

  it("reports a failed redirect without calling the server", async () => {
    window.history.replaceState(null, "", "/vendor-booking?payment_intent=pi_no&redirect_status=failed");
    renderPage(<VendorBookingPage />, "/vendor-booking");
    expect(await screen.findByText("Payment Failed")).toBeInTheDocument();
    expect(posts("/api/vendor-bookings/complete")).toHaveLength(0);
  });
});
