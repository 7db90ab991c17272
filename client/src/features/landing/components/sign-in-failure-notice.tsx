import { CircleAlert, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { SIGN_IN_FAILURE_MESSAGES, SIGN_IN_FAILURE_PARAM, SIGN_IN_PATH, parseSignInFailure } from "@shared/sign-in";

function readFailure() {
  return parseSignInFailure(new URLSearchParams(window.location.search).get(SIGN_IN_FAILURE_PARAM));
}

/** Takes the reason out of the address bar, so a reload or a shared link does not repeat it. */
function clearFailureParam() {
  const url = new URL(window.location.href);
  url.searchParams.delete(SIGN_IN_FAILURE_PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Why the last sign-in did not finish: the server sends the visitor back to the landing page
 * with `?signin=<reason>`. Shown until dismissed, with a way to try again.
 */
export function SignInFailureNotice() {
  const [reason, setReason] = useState(readFailure);
  useEffect(() => {
    if (reason) clearFailureParam();
  }, [reason]);
  if (!reason) return null;
  const { title, text } = SIGN_IN_FAILURE_MESSAGES[reason];

  return (
    <div className="mx-auto max-w-6xl px-4 pt-6">
      <div
        role="alert"
        aria-labelledby="sign-in-failure-title"
        className="flex items-start gap-3 rounded-lg border border-destructive/60 bg-destructive/10 p-4"
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="min-w-0 flex-1 space-y-1">
          {/* Not a heading: it sits above the page's h1. */}
          <p id="sign-in-failure-title" className="font-semibold">
            {title}
          </p>
          <p className="text-sm text-muted-foreground">{text}</p>
          {reason !== "cancelled" && (
            <a
              href={SIGN_IN_PATH}
              className="inline-block pt-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Try logging in again
            </a>
          )}
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Dismiss"
          onClick={() => setReason(undefined)}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
