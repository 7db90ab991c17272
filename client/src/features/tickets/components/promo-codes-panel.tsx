import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDayTime, viewerTimeZone } from "@shared/dates";
import { formatMoney } from "@shared/money";
import type { PromoCode } from "@shared/ticket-promo-codes";
import { LoadError } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-request";
import { promoCodesQuery, useSavePromoCode } from "../api";

/** "25% off" or "$5.00 off each ticket", then its uses and dates. */
export function promoCodeLine(code: PromoCode): string {
  const off =
    code.percentOff !== null
      ? `${Number(code.percentOff)}% off`
      : `${formatMoney(code.amountOff ?? "0")} off each ticket`;
  const uses = code.maxUses === null ? `${code.uses} used` : `${code.uses} of ${code.maxUses} used`;
  const when = (at: string) => formatDayTime(at, viewerTimeZone(), { year: "other-years" });
  const from = code.startsAt ? `from ${when(code.startsAt)}` : null;
  const until = code.endsAt ? `until ${when(code.endsAt)}` : null;
  return [off, uses, from, until, code.active ? null : "deactivated"].filter(Boolean).join(" · ");
}

/** An event's promo codes on the admin screen: add one, deactivate or reactivate it. */
export function PromoCodesPanel({ eventId }: { eventId: string }) {
  const query = useQuery(promoCodesQuery(eventId));
  const save = useSavePromoCode(eventId);
  const [code, setCode] = useState("");
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const [value, setValue] = useState("");
  const [maxUses, setMaxUses] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const [error, setError] = useState<string | null>(null);

  function add() {
    setError(null);
    const body = {
      code,
      ...(kind === "percent" ? { percentOff: value } : { amountOff: value }),
      maxUses: maxUses ? Number(maxUses) : null,
      endsAt: endsAt ? new Date(endsAt).toISOString() : null,
    };
    save.mutate(
      { body },
      {
        onSuccess: () => {
          setCode("");
          setValue("");
          setMaxUses("");
          setEndsAt("");
        },
        onError: (failure) => setError(failure instanceof ApiError ? (failure.serverMessage ?? null) : null),
      },
    );
  }

  if (query.isError) return <LoadError inline what="the promo codes" onRetry={() => void query.refetch()} />;
  const codes = query.data ?? [];
  return (
    <div className="grid gap-3">
      {codes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No promo codes yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Promo codes">
          {codes.map((promo) => (
            <li
              key={promo.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-mono font-semibold">{promo.code}</p>
                <p className="text-muted-foreground">{promoCodeLine(promo)}</p>
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`${promo.active ? "Deactivate" : "Reactivate"} code ${promo.code}`}
                disabled={save.isPending}
                onClick={() => save.mutate({ id: promo.id, body: { code: promo.code, active: !promo.active } })}
              >
                {promo.active ? "Deactivate" : "Reactivate"}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <fieldset className="grid gap-2 rounded-md border p-3 text-sm sm:grid-cols-2">
        <legend className="px-1 font-medium">Add a promo code</legend>
        <div className="grid gap-1">
          <Label htmlFor={`promo-code-${eventId}`}>Code</Label>
          <Input id={`promo-code-${eventId}`} value={code} onChange={(e) => setCode(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`promo-kind-${eventId}`}>Discount</Label>
          <div className="flex gap-2">
            <select
              id={`promo-kind-${eventId}`}
              className="rounded-md border bg-background px-2"
              value={kind}
              onChange={(e) => setKind(e.target.value as "percent" | "amount")}
            >
              <option value="percent">% off</option>
              <option value="amount">$ off each ticket</option>
            </select>
            <Input
              aria-label="Discount value"
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`promo-uses-${eventId}`}>Uses (tickets, empty for no limit)</Label>
          <Input
            id={`promo-uses-${eventId}`}
            inputMode="numeric"
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`promo-ends-${eventId}`}>Ends (optional)</Label>
          <Input
            id={`promo-ends-${eventId}`}
            type="datetime-local"
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
          />
        </div>
        {error && (
          <p role="alert" className="text-destructive sm:col-span-2">
            {error}
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="button" size="sm" onClick={add} disabled={save.isPending || !code || !value}>
            Add code
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
