import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { z } from "zod";
import { addressSchema, type PlaceOrderInput } from "@shared/merchandise-checkout";
import { formatMoney } from "@shared/money";
import { countryCode, countryName } from "@shared/shipping";
import { email as emailSchema } from "@shared/validation";
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
import { showFieldErrors } from "@/lib/form-errors";
import { shippingZonesQuery } from "../../shipping/api";
import { useCompleteOrder, usePlaceOrder, useQuote } from "../api";
import { cart, useCart } from "../cart-store";
import { digitalLinesOf } from "../download-lines";
import { CheckoutDone, EmptyCheckout } from "./checkout-done";
import { AddressFields, DownloadCountryField, type CheckoutOutput, type CheckoutValues } from "./checkout-fields";
import { CheckoutLines } from "./checkout-lines";
import { downloadRefusals, lineRefusals, type DownloadRefusal, type LineRefusal } from "./checkout-refusals";
import { QuoteSummary } from "./quote-summary";

// The country is picked, never typed: an empty pick reads "Choose a country".
const CHOOSE_COUNTRY = "Choose a country";
const pickedCountry = z.string({ error: CHOOSE_COUNTRY }).min(1, CHOOSE_COUNTRY).pipe(countryCode);
type CheckoutResolver = Resolver<CheckoutValues, unknown, CheckoutOutput>;
/** Goods ship: the address with its country. */
const goodsResolver = zodResolver(
  z.object({ email: emailSchema, address: addressSchema.extend({ country: pickedCountry }) }),
) as unknown as CheckoutResolver;
/** A cart of downloads only: the country alone. */
const downloadsResolver = zodResolver(
  z.object({ email: emailSchema, country: pickedCountry }),
) as unknown as CheckoutResolver;

const EMPTY_ADDRESS = { name: "", line1: "", line2: "", city: "", region: "", postalCode: "", country: "" };

/** Where a field the server names is shown: the country and the address have one place each. */
function fieldOf(hasGoods: boolean) {
  return (name: string): string | undefined => {
    if (name === "email") return name;
    if (!hasGoods) return name === "country" || name === "address.country" ? "country" : undefined;
    if (name === "country") return "address.country";
    // "Enter the address to ship to" goes beside the street address.
    if (name === "address") return "address.line1";
    return name.startsWith("address.") ? name : undefined;
  };
}

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
 * The checkout: the cart's lines and downloads, the e-mail and the shipping address (the
 * countries the shop ships to) or, for a cart of downloads only, just the buyer's country; the
 * quote as soon as a country is chosen, then the card. The server prices the order again from its
 * own database and holds every line's stock before the card is asked for.
 */
export function CheckoutForm({ email = "" }: { email?: string }) {
  const { lines, downloads } = useCart();
  const hasGoods = lines.length > 0;
  const queryClient = useQueryClient();
  const zones = useQuery({ ...shippingZonesQuery, enabled: hasGoods });
  const place = usePlaceOrder();
  const complete = useCompleteOrder();
  const [payment, setPayment] = useState<(PreparedPayment & { total: string }) | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [done, setDone] = useState<{ downloads: boolean } | null>(null);
  const [refusals, setRefusals] = useState<ReadonlyMap<string, LineRefusal>>(new Map());
  const [placeRefusals, setPlaceRefusals] = useState<ReadonlyMap<string, DownloadRefusal>>(new Map());
  const items = useMemo(() => lines.map(({ variantId, quantity }) => ({ variantId, quantity })), [lines]);
  const digital = useMemo(() => digitalLinesOf(downloads), [downloads]);
  const form = useForm<CheckoutValues, unknown, CheckoutOutput>({
    resolver: hasGoods ? goodsResolver : downloadsResolver,
    defaultValues: { email, address: EMPTY_ADDRESS, country: "" },
  });
  const country = form.watch(hasGoods ? "address.country" : "country") ?? "";
  const quote = useQuote(country ? { items, digital, country } : null);
  const quoteRefusals = useMemo(() => downloadRefusals(quote.error, downloads), [quote.error, downloads]);

  const finish = () => {
    const hadDownloads = cart.downloads().length > 0;
    cart.clear();
    setDone({ downloads: hadDownloads });
  };
  // A buyer back from a payment redirect: the order is confirmed with the server, the cart emptied.
  useSettleReturningPayment(
    SHOP_CHECKOUT_RETURN,
    async (paymentIntentId) => {
      await complete.mutateAsync(paymentIntentId);
      finish();
    },
    SUCCESS_TOAST,
  );

  const countries = useMemo(
    () =>
      (zones.data ?? [])
        .flatMap((zone) => zone.countries)
        .map((code) => ({ value: code, label: countryName(code) ?? code }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [zones.data],
  );

  async function submit(values: CheckoutOutput) {
    setPreparing(true);
    setRefusals(new Map());
    setPlaceRefusals(new Map());
    let total = "";
    const [sentLines, sentDownloads] = [lines, downloads];
    const body: PlaceOrderInput = hasGoods
      ? { items, digital, email: values.email, address: values.address }
      : { items: [], digital, email: values.email, country: values.country };
    const prepared = await preparePayment(
      queryClient,
      async () => {
        const placed = await place.mutateAsync(body);
        total = placed.total;
        return placed;
      },
      // A refusal is said beside its line or field, not over the totals.
      (error) => {
        const refused = lineRefusals(error, sentLines);
        if (refused) setRefusals(refused);
        const refusedDownloads = downloadRefusals(error, sentDownloads);
        if (refusedDownloads) setPlaceRefusals(refusedDownloads);
        const besideFields = showFieldErrors(form, error, { fieldOf: fieldOf(hasGoods) });
        return refused !== null || refusedDownloads !== null || besideFields;
      },
    );
    setPreparing(false);
    if (prepared) setPayment({ ...prepared, total });
  }

  async function handleOutcome(outcome: PaymentOutcome) {
    if (await settlePaymentOutcome(outcome, (id) => complete.mutateAsync(id), SUCCESS_TOAST)) finish();
  }

  if (done) return <CheckoutDone email={form.getValues("email")} downloads={done.downloads} />;
  if (!hasGoods && downloads.length === 0) return <EmptyCheckout />;

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section aria-labelledby="checkout-cart" className="grid content-start gap-3">
        <h2 id="checkout-cart" className="text-lg font-semibold">
          Your cart
        </h2>
        <CheckoutLines
          lines={lines}
          refusals={refusals}
          downloads={downloads}
          downloadRefusals={new Map([...placeRefusals, ...(quoteRefusals ?? [])])}
        />
        <QuoteSummary
          country={country}
          quote={quote}
          hasGoods={hasGoods}
          hasDownloads={downloads.length > 0}
          refusedBeside={quoteRefusals !== null}
        />
      </section>
      <section aria-labelledby="checkout-details" className="grid content-start gap-3">
        <h2 id="checkout-details" className="text-lg font-semibold">
          {payment ? "Payment" : hasGoods ? "Shipping" : "Your details"}
        </h2>
        {payment ? (
          <PaymentStep
            payment={payment}
            summary={<p className="font-semibold">Total {formatMoney(payment.total || "0")}</p>}
            returnUrl={returnUrl()}
            payLabel={`Pay ${formatMoney(payment.total || "0")}`}
            onOutcome={handleOutcome}
          />
        ) : hasGoods && zones.isError ? (
          <LoadError what="the countries we ship to" onRetry={() => void zones.refetch()} error={zones.error} />
        ) : (
          <Form {...form}>
            <form onSubmit={form.handleSubmit((values) => void submit(values))} noValidate className="grid gap-3">
              <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
              {hasGoods ? (
                <AddressFields control={form.control} countries={countries} loading={zones.isPending} />
              ) : (
                <DownloadCountryField control={form.control} />
              )}
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
