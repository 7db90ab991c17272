// TEST ONLY: stand-ins for Stripe.js and @stripe/react-stripe-js in component tests (jsdom
// cannot load js.stripe.com). A test file routes the modules here with:
//   vi.mock("@stripe/stripe-js/pure", async () => (await import("@/test/stripe-fakes")).fakeStripeJs);
//   vi.mock("@stripe/react-stripe-js", async () => (await import("@/test/stripe-fakes")).fakeReactStripe);
import type { ReactNode } from "react";
import { vi } from "vitest";

export const stripeFakes = {
  /** Resolves to a fake Stripe object by default; make it reject to simulate a blocked script. */
  loadStripe: vi.fn(async (_key: string): Promise<object | null> => ({})),
  /** What stripe.confirmPayment answers. */
  confirmPayment: vi.fn(async (_options: unknown): Promise<unknown> => ({
    paymentIntent: { id: "pi_fake", status: "succeeded" },
  })),
};

export const fakeStripeJs = { loadStripe: (key: string) => stripeFakes.loadStripe(key) };

export const fakeReactStripe = {
  Elements: ({ children, options }: { children: ReactNode; options?: { clientSecret?: string } }) => (
    <div data-testid="stripe-elements" data-client-secret={options?.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <p>Card details</p>,
  useStripe: () => ({ confirmPayment: (options: unknown) => stripeFakes.confirmPayment(options) }),
  useElements: () => ({}),
};

export function resetStripeFakes() {
  stripeFakes.loadStripe.mockReset().mockImplementation(async () => ({}));
  stripeFakes.confirmPayment
    .mockReset()
    .mockImplementation(async () => ({ paymentIntent: { id: "pi_fake", status: "succeeded" } }));
}
