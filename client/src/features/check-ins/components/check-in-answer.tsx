import { ScanLine } from "lucide-react";
import { forwardRef } from "react";
import type { CheckInOutcome } from "@shared/check-ins";
import { CheckInResultPanel } from "./check-in-result";

export type Outcome = { seq: number; response: CheckInOutcome } | { seq: number; error: string };

/**
 * The door's answer, in a space kept for it before the first scan, so nothing below it moves
 * when an answer comes or changes. Announced as soon as it changes; each new answer replaces
 * the last, even the same one again (keyed by its sequence number). Focusable, so a scan by
 * camera or a tap can leave the focus here instead of opening the phone's keyboard.
 */
export const CheckInAnswer = forwardRef<
  HTMLDivElement,
  { outcome: Outcome | null; pending: boolean; onAdmitNext: (confirmationCode: string) => void }
>(function CheckInAnswer({ outcome, pending, onAdmitNext }, ref) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-live="assertive"
      aria-atomic="true"
      className="grid min-h-56 rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      {!outcome ? (
        <p className="flex items-center gap-3 rounded-xl border-2 border-dashed p-5 text-lg text-muted-foreground">
          <ScanLine aria-hidden="true" className="size-8 shrink-0" />
          Scan a ticket or type its code: the answer shows here.
        </p>
      ) : "response" in outcome ? (
        <CheckInResultPanel key={outcome.seq} response={outcome.response} pending={pending} onAdmitNext={onAdmitNext} />
      ) : (
        <p key={outcome.seq} className="rounded-xl border-4 border-destructive p-5 text-lg font-semibold">
          {outcome.error}
        </p>
      )}
    </div>
  );
});
