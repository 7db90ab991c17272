import { useId, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { CardPaymentForm } from "@/components/payments/card-payment-form";
import { toastForUnsuccessful, type PaymentOutcome } from "@/components/payments/payment-outcome";
import { toast } from "@/hooks/use-toast";
import { appConfigQuery } from "@/lib/app-config";
import { minimumMessage, type StoreRelease } from "@shared/store";
import { formatMoney, toCents } from "@shared/money";
import { storeAmount } from "@shared/store-amount";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-request";
import { usePurchase } from "../api";
import { AddToCartLabel, useAddedFlash, type AddToCart } from "./add-to-cart";

/**
 * The amount typed for a name-your-price release, as the server will read it, or the words that
 * refuse it (the server's own: "Enter an amount like 7.00", "The minimum for this release is $5.00").
 */
function checkAmount(typed: string, minimum: string): { amount: string } | { error: string } {
  const parsed = storeAmount.safeParse(typed);
  if (!parsed.success) return { error: parsed.error.issues[0].message };
  if (toCents(parsed.data) < toCents(minimum)) return { error: minimumMessage(minimum) };
  return { amount: parsed.data };
}

/**
 * Name-your-price (pre-filled with the suggested price) or the release's fixed price, or one
 * `track` at the release's track price, and the address the download link goes to. The server
 * prices it (a track's purchase sends no amount at all); its refusal shows beside the field.
 * With `onAddToCart` the whole release can go into the cart instead, at the amount typed once it
 * is checked here against the minimum.
 */
export function BuyForm({
  release,
  track,
  onAddToCart,
}: {
  release: StoreRelease;
  track?: { id: string; title: string };
  onAddToCart?: AddToCart;
}) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [amount, setAmount] = useState(release.suggestedPrice ?? release.minimumPrice ?? release.price);
  const [addError, setAddError] = useState<string | null>(null);
  const [added, flashAdded] = useAddedFlash();
  const purchase = usePurchase(release.id);
  const fieldErrors = purchase.error instanceof ApiError ? (purchase.error.fieldErrors ?? {}) : {};
  const named = !track && release.payWhatYouWant;
  const charged = track ? (release.trackPrice ?? release.price) : named ? amount : release.price;
  const minimum = release.minimumPrice ?? "0.00";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAddError(null);
    purchase.mutate(track ? { email, trackId: track.id } : { email, amount: charged });
  };

  const addToCart = (add: AddToCart) => {
    const checked = named ? checkAmount(amount, minimum) : { amount: undefined };
    if ("error" in checked) {
      setAddError(checked.error);
      return;
    }
    setAddError(null);
    // A refusal of an earlier "Get the download" no longer stands beside the amount.
    purchase.reset();
    add(null, checked.amount);
    flashAdded();
  };

  if (purchase.data?.clientSecret)
    return <PayStep clientSecret={purchase.data.clientSecret} email={email} amount={charged} />;
  if (purchase.data)
    return (
      <p role="status" className="rounded-lg border bg-card p-4">
        {purchase.data.message}
      </p>
    );

  const amountError = addError ?? fieldErrors.amount?.[0];
  return (
    <form
      onSubmit={submit}
      className="grid gap-4 rounded-lg border bg-card p-4"
      aria-label={track ? `Buy ${track.title}` : "Buy"}
    >
      {named ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amount`}>Name your price (USD)</Label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setAddError(null);
            }}
            aria-invalid={Boolean(amountError)}
            aria-describedby={`${id}-amount-hint${amountError ? ` ${id}-amount-error` : ""}`}
          />
          <p id={`${id}-amount-hint`} className="text-sm text-muted-foreground">
            {minimum === "0.00" ? "Enter 0 to download it free." : `The minimum is ${formatMoney(minimum)}.`}
          </p>
          {amountError && (
            <p id={`${id}-amount-error`} role="alert" className="text-sm text-destructive">
              {amountError}
            </p>
          )}
        </div>
      ) : (
        <p className="text-lg font-semibold">{formatMoney(charged)}</p>
      )}
      {fieldErrors.trackId && <p className="text-sm text-destructive">{fieldErrors.trackId[0]}</p>}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-email`}>E-mail for the download link</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(fieldErrors.email)}
        />
        {fieldErrors.email && <p className="text-sm text-destructive">{fieldErrors.email[0]}</p>}
      </div>
      <div className={onAddToCart ? "grid gap-2 sm:grid-cols-2" : "grid"}>
        <Button type="submit" disabled={purchase.isPending}>
          {purchase.isPending ? "Sending…" : "Get the download"}
        </Button>
        {onAddToCart && (
          <Button type="button" variant="outline" onClick={() => addToCart(onAddToCart)}>
            <AddToCartLabel added={added} />
          </Button>
        )}
      </div>
    </form>
  );
}

/** The card step of a priced purchase; the webhook makes it paid and e-mails the link. */
function PayStep({ clientSecret, email, amount }: { clientSecret: string; email: string; amount: string }) {
  const config = useQuery(appConfigQuery);
  const [paid, setPaid] = useState(false);
  if (paid)
    return (
      <p role="status" className="rounded-lg border bg-card p-4">
        Thank you. Your download link is on its way to {email}.
      </p>
    );
  const key = config.data?.stripePublishableKey;
  if (!key) return <p className="text-muted-foreground">Loading the card form…</p>;
  return (
    <div className="grid gap-3 rounded-lg border bg-card p-4">
      <CardPaymentForm
        publishableKey={key}
        clientSecret={clientSecret}
        returnUrl={window.location.href}
        payLabel={`Pay ${formatMoney(amount)}`}
        onOutcome={(outcome: PaymentOutcome) => {
          if (outcome.kind === "succeeded") setPaid(true);
          else toast(toastForUnsuccessful(outcome));
        }}
      />
    </div>
  );
}
