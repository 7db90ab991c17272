import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ACTS, EVENT_TYPES } from "../../data/bookings";

function Choice({
  id,
  label,
  options,
}: {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select>
        <SelectTrigger id={id}>
          <SelectValue placeholder={`Select ${label.toLowerCase()}`} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function Field({
  id,
  label,
  type = "text",
  ...rest
}: {
  id: string;
  label: string;
  type?: string;
  min?: number;
  placeholder?: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type={type} inputMode={type === "number" ? "numeric" : undefined} {...rest} />
    </div>
  );
}

/**
 * Booking Details: a draft that stays in the page. Every placeholder starts with "e.g." so an
 * empty field never reads as one already filled in.
 */
export function BookingDetails() {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Choice id="booking-event-type" label="Event Type" options={EVENT_TYPES} />
        <Choice id="booking-act" label="Artist / Act" options={ACTS} />
        <Field id="booking-guests" label="Expected Guests" type="number" min={1} placeholder="e.g. 250" />
        <Field id="booking-duration" label="Duration (hours)" type="number" min={1} placeholder="e.g. 3" />
      </div>
      <Field id="booking-venue" label="Venue / Location" placeholder="e.g. The Blue Lantern, Chicago" />
      <div className="grid gap-2">
        <Label htmlFor="booking-requirements">Special Requirements</Label>
        <Textarea id="booking-requirements" rows={4} placeholder="e.g. stage size, sound, hospitality" />
      </div>
    </div>
  );
}
