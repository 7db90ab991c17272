import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { addressSchema, placeOrderSchema, type PlaceOrderInput } from "@shared/merchandise-checkout";
import { formatMoney } from "@shared/money";
import { countryCode, countryName } from "@shared/shipping";
import { NativeSelectField } from "@/components/form-fields/native-select-field";
import { TextField } from "@/components/form-fields/text-field";
import { LoadError } from "@/components/page-shell";
import {
  preparePayment,
  settlePaymentOutcome,
  useSettleReturningPayment,
  type PreparedPayment,
} from "@/components/payments/checkout";
import type { PaymentOutcome } from "@/components/payments/payment-outcome";
import { PaymentStep } from "@/components/payments/payment-step";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { ApiError } from "@/lib/api-request";
import { useCurrentUser } from "@/lib/auth";
import { showFieldErrors } from "@/lib/form-errors";
import { shippingZonesQuery } from "../../shipping/api";
import { useCompleteOrder, usePlaceOrder } from "../api";
import { cart, useCart, type CartLine } from "../cart-store";
import { CheckoutLines, QuoteSummary, type LineRefusal } from "./checkout-lines";
import { shopHref } from "./shop-header";

// The country is picked, never typed: an empty pick reads "Choose a country".
const formSchema = placeOrderSchema.pick({ email: true }).extend({
  address: addressSchema.extend({ country: z.string().min(1, "Choose a country").pipe(countryCode) }),
});
type FormInput = Pick<PlaceOrderInput, "email" | "address">;

const SUCCESS_TOAST = {
  title: "Payment Successful!",
  description: "Your order is confirmed. The e-mail we sent has the link to follow it.",
};

/** Marks a return from a payment redirect as this checkout's. */
const SHOP_CHECKOUT_RETURN = "shop";

/** Where the card step sends a buyer back after a redirect (this page, marked as ours). */
function returnUrl() {
  return `${window.location.origin}${window.location.pathname}?checkout=${SHOP_CHECKOUT_RETURN}`;
}

/**
 * A 409 that names cart lines ("items.1.quantity": "Only 2 left"): each refusal by its line's
 * variant, with the stock it answered kept on the line. Null when the answer names no line.
 */
function lineRefusals(error: unknown, lines: readonly CartLine[]): Map<string, LineRefusal> | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.fieldErrors) return null;
  const refusals = new Map<string, LineRefusal>();
  for (const [name, [message]] of Object.entries(error.fieldErrors)) {
    const line = lines[Number(/^items\.(\d+)\.quantity$/.exec(name)?.[1] ?? NaN)];
    if (!line || !message) continue;
    refusals.set(line.variantId, { message, quantity: line.quantity });
    const left = /Only (\d+) left/.exec(message)?.[1];
    if (left !== undefined) cart.setStock(line.variantId, Number(left));
  }
  return refusals.size > 0 ? refusals : null;
}

/**
 * The checkout: the cart's lines, the e-mail and shipping address (the countries the shop ships
 * to), the quote as soon as a country is chosen, then the card. The server prices the order
 * again from its own database and holds every line's stock before the card is asked for.
 */
export function CheckoutForm({ email = "" }: { email?: string }) {
  const { lines } = useCart();
  const { isAuthenticated } = useCurrentUser();
  const queryClient = useQueryClient();
  const zones = useQuery(shippingZonesQuery);
  const place = usePlaceOrder();
  const complete = useCompleteOrder();
  const [payment, setPayment] = useState<(PreparedPayment & { total: string }) | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [done, setDone] = useState(false);
  const [refusals, setRefusals] = useState<ReadonlyMap<string, LineRefusal>>(new Map());
  const items = useMemo(() => lines.map(({ variantId, quantity }) => ({ variantId, quantity })), [lines]);
  const form = useForm<FormInput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      email,
      address: { name: "", line1: "", line2: "", city: "", region: "", postalCode: "", country: "" },
    },
  });
  const country = form.watch("address.country");
  // A buyer back from a payment redirect: the order is confirmed with the server, the cart emptied.
  useSettleReturningPayment(
    SHOP_CHECKOUT_RETURN,
    async (paymentIntentId) => {
      await complete.mutateAsync(paymentIntentId);
      cart.clear();
      setDone(true);
    },
    SUCCESS_TOAST,
  );
  useEffect(() => {
    if (place.error) showFieldErrors(form, place.error);
  }, [place.error, form]);

  const countries = useMemo(
    () =>
      (zones.data ?? [])
        .flatMap((zone) => zone.countries)
        .map((code) => ({ value: code, label: countryName(code) ?? code }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [zones.data],
  );

  async function submit(values: FormInput) {
    setPreparing(true);
    setRefusals(new Map());
    let total = "";
    const sent = lines;
    const prepared = await preparePayment(
      queryClient,
      async () => {
        const placed = await place.mutateAsync({ items, ...values });
        total = placed.total;
        return placed;
      },
      // A line short of stock is said beside that line, not over the totals.
      (error) => {
        const refused = lineRefusals(error, sent);
        if (refused) setRefusals(refused);
        return refused !== null;
      },
    );
    setPreparing(false);
    if (prepared) setPayment({ ...prepared, total });
  }

  async function handleOutcome(outcome: PaymentOutcome) {
    if (await settlePaymentOutcome(outcome, (id) => complete.mutateAsync(id), SUCCESS_TOAST)) {
      cart.clear();
      setDone(true);
    }
  }

  if (done) {
    return (
      <div role="status" className="grid gap-2">
        <h2 className="text-xl font-semibold">Thank you for your order</h2>
        <p>
          We have sent a confirmation{form.getValues("email") ? ` to ${form.getValues("email")}` : ""}, with a link to
          follow your order.
        </p>
        <a href={shopHref(isAuthenticated)} className="underline">
          Back to the shop
        </a>
      </div>
    );
  }
  if (lines.length === 0) {
    return (
      <div className="grid gap-2">
        <p>Your cart is empty.</p>
        <a href={shopHref(isAuthenticated)} className="underline">
          Back to the shop
        </a>
      </div>
    );
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="checkout-cart" className="grid content-start gap-3">
        <h2 id="checkout-cart" className="text-lg font-semibold">
          Your cart
        </h2>
        <CheckoutLines lines={lines} refusals={refusals} />
        <QuoteSummary country={country} items={items} />
      </section>
      <section aria-labelledby="checkout-details" className="grid content-start gap-3">
        <h2 id="checkout-details" className="text-lg font-semibold">
          {payment ? "Payment" : "Shipping"}
        </h2>
        {payment ? (
          <PaymentStep
            payment={payment}
            summary={<p className="font-semibold">Total {formatMoney(payment.total || "0")}</p>}
            returnUrl={returnUrl()}
            payLabel={`Pay ${formatMoney(payment.total || "0")}`}
            onOutcome={handleOutcome}
          />
        ) : zones.isError ? (
          <LoadError what="the countries we ship to" onRetry={() => void zones.refetch()} error={zones.error} />
        ) : (
          <Form {...form}>
            <form onSubmit={form.handleSubmit((values) => void submit(values))} noValidate className="grid gap-3">
              <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
              <TextField control={form.control} name="address.name" label="Full name" autoComplete="name" />
              <TextField control={form.control} name="address.line1" label="Address" autoComplete="address-line1" />
              <TextField
                control={form.control}
                name="address.line2"
                label="Apartment, suite (optional)"
                autoComplete="address-line2"
              />
              <TextField control={form.control} name="address.city" label="City" autoComplete="address-level2" />
              <TextField
                control={form.control}
                name="address.region"
                label="State or region (optional)"
                autoComplete="address-level1"
              />
              <TextField
                control={form.control}
                name="address.postalCode"
                label="Postal code"
                autoComplete="postal-code"
              />
              <NativeSelectField
                control={form.control}
                name="address.country"
                label="Country"
                options={[
                  { value: "", label: zones.isPending ? "Loading countries..." : "Choose a country" },
                  ...countries,
                ]}
              />
              <Button type="submit" disabled={preparing}>
                {preparing ? "Preparing payment..." : "Continue to Payment"}
              </Button>
            </form>
          </Form>
        )}
      </section>
    </div>
  );
}
