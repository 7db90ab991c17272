import { useState } from "react";
import type { TicketQuote } from "@shared/ticket-promo-codes";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-request";
import { useTicketQuote } from "../api";

export interface AppliedCode {
  code: string;
  quote: TicketQuote;
}

/** The server's plain refusal ("This code has expired."), or a fallback. */
export function quoteErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : "Could not check this code";
}

/**
 * The purchase dialog's optional "Have a code?": the code is priced by the server (the quote),
 * and its refusal is said under the field. Removing it goes back to the full price.
 */
export function PromoCodeField({
  eventId,
  quantity,
  applied,
  onApplied,
  disabled,
}: {
  eventId: string;
  quantity: number;
  applied: AppliedCode | null;
  onApplied: (applied: AppliedCode | null) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const quote = useTicketQuote();

  if (!open && !applied) {
    return (
      <Button type="button" variant="link" className="h-auto justify-start p-0" onClick={() => setOpen(true)}>
        Have a code?
      </Button>
    );
  }

  function apply() {
    const code = typed.trim();
    if (!code) return setError("Enter a code");
    setError(null);
    quote.mutate(
      { eventId, quantity, code },
      {
        onSuccess: (answer) => onApplied({ code: code.toUpperCase(), quote: answer }),
        onError: (failure) => {
          onApplied(null);
          setError(quoteErrorMessage(failure));
        },
      },
    );
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor="promo-code">Promo code</Label>
      <div className="flex gap-2">
        <Input
          id="promo-code"
          value={typed}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "promo-code-error" : undefined}
          disabled={disabled}
          onChange={(e) => {
            setTyped(e.target.value);
            if (applied) onApplied(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={apply} disabled={disabled || quote.isPending}>
          {quote.isPending ? "Checking..." : "Apply"}
        </Button>
      </div>
      {error && (
        <p id="promo-code-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
