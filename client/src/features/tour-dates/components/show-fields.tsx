import { useQuery } from "@tanstack/react-query";
import type { Control } from "react-hook-form";
import { VENDOR_SPOT_TYPES, VENDOR_SPOTS } from "@shared/constants";
import { formatDay } from "@shared/dates";
import { MAX_VENDOR_SLOTS, type InsertTourDate, type InsertTourDateInput } from "@shared/tour-dates";
import { CountField } from "@/components/form-fields/count-field";
import { NativeSelectField } from "@/components/form-fields/native-select-field";
import { TimeZoneField } from "@/components/form-fields/time-zone-field";
import { linkableEventsQuery } from "../api";

type TourDateControl = Control<InsertTourDateInput, unknown, InsertTourDate>;

/** "No linked event", then every event; a linked event the list does not hold still shows. */
function useEventOptions(linkedId: string | null | undefined) {
  const events = useQuery(linkableEventsQuery);
  const options = [
    { value: "", label: "No linked event" },
    ...(events.data ?? []).map((event) => ({
      value: event.id,
      label: `${event.name} — ${event.artist} · ${formatDay(event.date, null, "weekday")}`,
    })),
  ];
  if (linkedId && !options.some((option) => option.value === linkedId)) {
    options.push({ value: linkedId, label: events.isPending ? "Loading events…" : "The linked event" });
  }
  return { options, failed: events.isError };
}

/**
 * What makes a tour date a show with a page: the venue's time zone (the date and time are its
 * wall clock), the event whose tickets the page sells, and the vendor slots per spot type
 * (blank follows the label's default).
 */
export function ShowFields({ control, linkedEventId }: { control: TourDateControl; linkedEventId?: string | null }) {
  const events = useEventOptions(linkedEventId);
  return (
    <>
      <TimeZoneField
        control={control}
        name="timeZone"
        label="Time Zone"
        description="The venue's time zone: the date and time above are its local time."
        className="sm:col-span-2"
      />
      <NativeSelectField
        control={control}
        name="eventId"
        label="Tickets from event"
        options={events.options}
        description={
          events.failed
            ? "The events could not be loaded; the current choice is kept."
            : "The show's page links to this event's tickets."
        }
        className="sm:col-span-2"
      />
      <fieldset className="grid gap-4 rounded-md border p-4 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold">Vendor slots per spot type</legend>
        <p className="-mt-2 text-sm text-muted-foreground">Leave a box blank for the default number of slots.</p>
        <div className="grid gap-4 sm:grid-cols-3">
          {VENDOR_SPOT_TYPES.map((type) => (
            <CountField
              key={type}
              control={control}
              name={`vendorSlots.${type}`}
              label={VENDOR_SPOTS[type].label}
              max={MAX_VENDOR_SLOTS}
              empty={null}
              inputMode="numeric"
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}
