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

export type StripeJsState = { status: "loading" } | { status: "ready"; stripe: Stripe } | { status: "failed" };

/** Loads Stripe.js for the form; `retry()` tries again after a failure. */
export function useStripeJs(publishableKey: string): StripeJsState & { retry(): void } {
  const [attempt, setAttempt] = useState(0);
  // The outcome of one load, kept with what it was for: a new key or a retry shows "loading"
  // until its own load settles.
  const [loaded, setLoaded] = useState<{ key: string; attempt: number; state: StripeJsState } | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadStripeJs(publishableKey).then((stripe) => {
      const state: StripeJsState = stripe ? { status: "ready", stripe } : { status: "failed" };
      if (!cancelled) setLoaded({ key: publishableKey, attempt, state });
    });
    return () => {
      cancelled = true;
    };
  }, [publishableKey, attempt]);

  const current = loaded?.key === publishableKey && loaded.attempt === attempt;
  const state: StripeJsState = current ? loaded.state : { status: "loading" };
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
