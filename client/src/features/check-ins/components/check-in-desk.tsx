import { useRef, useState } from "react";
import type { CheckInOutcome } from "@shared/check-ins";
import type { Event } from "@shared/events";
import { errorMessage } from "@/lib/api-request";
import { useCheckIn } from "../api";
import { todaysEvents } from "../todays-events";
import { BuyerSearch } from "./buyer-search";
import { CameraScanner } from "./camera-scanner";
import { CheckInAnswer, type Outcome } from "./check-in-answer";
import { EventCheckInCount } from "./check-in-count";
import { CodeEntryForm } from "./code-entry-form";
import { EventPicker } from "./event-picker";

/** Where the focus goes once an answer is in: the code field, or the answer (a camera scan, a tap). */
type Then = "field" | "answer";

/**
 * The door, phone first: the answer at the top, above the code field, where an on-screen
 * keyboard never covers it, in a space kept for it so that the field and "Start camera" below
 * stay where they are whatever the answer says; then today's events and the count, and the
 * search for a buyer without a code. It opens on today's events (the only one already
 * chosen), then scans or types codes one after another.
 */
export function CheckInDesk({ events }: { events: readonly Event[] }) {
  const today = todaysEvents(events);
  const [eventId, setEventId] = useState<string | null>(() => (today.length === 1 ? today[0].id : null));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const checkIn = useCheckIn();
  const field = useRef<HTMLInputElement>(null);
  const answer = useRef<HTMLDivElement>(null);

  // A typed code gets the field back for the next one; a camera scan or a tap leaves the
  // keyboard closed, so it does not cover the camera: the focus goes to the answer instead.
  // A form that sent the code may also show a refusal's field errors beside its field.
  const submit = (code: string, then: Then, showErrors?: (error: unknown) => void) =>
    checkIn.mutate(
      { code, ...(eventId ? { eventId } : {}) },
      {
        onSuccess: (response: CheckInOutcome) => setOutcome((last) => ({ seq: (last?.seq ?? 0) + 1, response })),
        onError: (error) => {
          setOutcome((last) => ({
            seq: (last?.seq ?? 0) + 1,
            error: errorMessage(error, "Could not check in. Please try again."),
          }));
          showErrors?.(error);
        },
        onSettled: () => {
          if (then === "field") field.current?.focus();
          else if (then === "answer") answer.current?.focus();
        },
      },
    );

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="grid gap-4">
        <CheckInAnswer
          ref={answer}
          outcome={outcome}
          pending={checkIn.isPending}
          onAdmitNext={(code) => submit(code, "answer")}
        />
        <CodeEntryForm
          ref={field}
          pending={checkIn.isPending}
          onSubmit={(code, showErrors) => submit(code, "field", showErrors)}
        />
        <CameraScanner onCode={(code) => submit(code, "answer")} />
      </div>
      <div className="grid gap-6">
        <section aria-label="Event and check-in count" className="grid gap-4 rounded-xl border bg-card/90 p-4">
          <EventPicker events={today} value={eventId} onChange={setEventId} />
          {eventId && <EventCheckInCount eventId={eventId} />}
        </section>
        <section aria-labelledby="buyer-search-title" className="grid gap-3 rounded-xl border bg-card/90 p-4">
          <h2 id="buyer-search-title" className="text-lg font-semibold">
            No code? Find the ticket
          </h2>
          <BuyerSearch eventId={eventId} pending={checkIn.isPending} onAdmit={(code) => submit(code, "answer")} />
        </section>
      </div>
    </div>
  );
}
