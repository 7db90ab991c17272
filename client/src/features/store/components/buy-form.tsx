import { useId, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { CardPaymentForm } from "@/components/payments/card-payment-form";
import { toastForUnsuccessful, type PaymentOutcome } from "@/components/payments/payment-outcome";
import { toast } from "@/hooks/use-toast";
import { appConfigQuery } from "@/lib/app-config";
import type { StoreRelease } from "@shared/store";
import { formatMoney } from "@shared/money";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-request";
import { usePurchase } from "../api";

/**
 * Name-your-price (pre-filled with the suggested price) or the release's fixed price, or one
 * `track` at the release's track price, and the address the download link goes to. The server
 * prices it (a track's purchase sends no amount at all); its refusal shows beside the field.
 */
export function BuyForm({ release, track }: { release: StoreRelease; track?: { id: string; title: string } }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [amount, setAmount] = useState(release.suggestedPrice ?? release.minimumPrice ?? release.price);
  const purchase = usePurchase(release.id);
  const fieldErrors = purchase.error instanceof ApiError ? (purchase.error.fieldErrors ?? {}) : {};
  const named = !track && release.payWhatYouWant;
  const charged = track ? (release.trackPrice ?? release.price) : named ? amount : release.price;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    purchase.mutate(track ? { email, trackId: track.id } : { email, amount: charged });
  };

  if (purchase.data?.clientSecret)
    return <PayStep clientSecret={purchase.data.clientSecret} email={email} amount={charged} />;
  if (purchase.data)
    return (
      <p role="status" className="rounded-lg border bg-card p-4">
        {purchase.data.message}
      </p>
    );

  const minimum = release.minimumPrice ?? "0.00";
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
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={Boolean(fieldErrors.amount)}
            aria-describedby={`${id}-amount-hint`}
          />
          <p id={`${id}-amount-hint`} className="text-sm text-muted-foreground">
            {minimum === "0.00" ? "Enter 0 to download it free." : `The minimum is ${formatMoney(minimum)}.`}
          </p>
          {fieldErrors.amount && <p className="text-sm text-destructive">{fieldErrors.amount[0]}</p>}
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
      <Button type="submit" disabled={purchase.isPending}>
        {purchase.isPending ? "Sending…" : "Get the download"}
      </Button>
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
