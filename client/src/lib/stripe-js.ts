import { useEffect, useState } from "react";
// The "pure" entry loads Stripe.js only when asked, never as a side effect of importing.
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

/** A script that has not loaded after this long is treated as blocked. */
export const STRIPE_LOAD_TIMEOUT_MS = 15_000;

/**
 * Stripe.js from js.stripe.com, or null when it cannot load: offline, blocked by an ad
 * blocker or a network filter. Callers show a plain message instead of an empty form.
 */
export async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), STRIPE_LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([loadStripe(publishableKey), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export type StripeJsState =
  | { status: "loading" }
  | { status: "ready"; stripe: Stripe }
  | { status: "failed" };

/** Loads Stripe.js for the form; `retry()` tries again after a failure. */
export function useStripeJs(publishableKey: string): StripeJsState & { retry(): void } {
  const [state, setState] = useState<StripeJsState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: "loading" });
    void loadStripeJs(publishableKey).then((stripe) => {
      if (!cancelled) setState(stripe ? { status: "ready", stripe } : { status: "failed" });
    });
    return () => {
      cancelled = true;
    };
  }, [publishableKey, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
