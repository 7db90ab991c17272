import { useRef, useState } from "react";
import type { CheckInResponse } from "@shared/check-ins";
import type { EventResponse } from "@shared/events";
import { errorMessage } from "@/lib/api-request";
import { useCheckIn } from "../api";
import { todaysEvents } from "../todays-events";
import { BuyerSearch } from "./buyer-search";
import { CameraScanner } from "./camera-scanner";
import { EventCheckInCount } from "./check-in-count";
import { CheckInResultPanel } from "./check-in-result";
import { CodeEntryForm } from "./code-entry-form";
import { EventPicker } from "./event-picker";

type Outcome = { seq: number; response: CheckInResponse } | { seq: number; error: string };

/**
 * The door: it opens on today's events (the only one already chosen), then scans or types
 * codes one after another.
 */
export function CheckInDesk({ events }: { events: readonly EventResponse[] }) {
  const today = todaysEvents(events);
  const [eventId, setEventId] = useState<string | null>(() => (today.length === 1 ? today[0].id : null));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const checkIn = useCheckIn();
  const field = useRef<HTMLInputElement>(null);

  // A typed code gets the field back for the next one; a camera scan leaves the focus alone,
  // so a phone's keyboard does not cover the camera.
  const submit = (code: string, { refocus }: { refocus: boolean }) =>
    checkIn.mutate(
      { code, ...(eventId ? { eventId } : {}) },
      {
        onSuccess: (response) => setOutcome((last) => ({ seq: (last?.seq ?? 0) + 1, response })),
        onError: (error) =>
          setOutcome((last) => ({
            seq: (last?.seq ?? 0) + 1,
            error: errorMessage(error, "Could not check in. Please try again."),
          })),
        onSettled: () => {
          if (refocus) field.current?.focus();
        },
      },
    );

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="grid gap-6">
        <section aria-label="Event and check-in count" className="grid gap-4 rounded-xl border bg-card/90 p-4">
          <EventPicker events={today} value={eventId} onChange={setEventId} />
          {eventId && <EventCheckInCount eventId={eventId} />}
        </section>
        <CodeEntryForm ref={field} pending={checkIn.isPending} onSubmit={(code) => submit(code, { refocus: true })} />
        {/* Announced as soon as it changes; each new answer replaces the last, even the same one again. */}
        <div role="status" aria-live="assertive" aria-atomic="true">
          {outcome &&
            ("response" in outcome ? (
              <CheckInResultPanel key={outcome.seq} response={outcome.response} />
            ) : (
              <p key={outcome.seq} className="rounded-xl border-4 border-destructive p-5 text-lg font-semibold">
                {outcome.error}
              </p>
            ))}
        </div>
        <CameraScanner onCode={(code) => submit(code, { refocus: false })} />
      </div>
      <section aria-labelledby="buyer-search-title" className="grid gap-3 rounded-xl border bg-card/90 p-4">
        <h2 id="buyer-search-title" className="text-lg font-semibold">
          No code? Find the ticket
        </h2>
        <BuyerSearch
          eventId={eventId}
          pending={checkIn.isPending}
          onAdmit={(code) => submit(code, { refocus: true })}
        />
      </section>
    </div>
  );
}
